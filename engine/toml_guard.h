// A guard around the packaged toml++ (3.3.0) for every data loader.
//
// toml++ 3.3.0 reaches TOML_UNREACHABLE, i.e. undefined behaviour, in
// impl::is_non_ascii_horizontal_whitespace() for most code points of U+00A1..U+0499,
// U+2C5E..U+3057 and U+FB26..U+FEFE, whenever the parser asks whether such a character is
// whitespace (after a value, after a line-ending backslash in a multi-line string, ...). Our data
// files hold such characters ("Waldläufer", "Königstiger"), and a fuzzer finds the others (found
// by fuzzing the Pocket Battles loader). So that loading is free of undefined behaviour however
// toml++ is compiled, loaders swap these code points for private-use code points U+E000.. (which
// toml++ classifies correctly) before parsing, and swap them back in every string they read.
#pragma once

#include <string>
#include <string_view>

namespace feldherr {

// The text with every affected code point swapped for its private-use stand-in. Input that
// already holds one of those private-use code points is rejected with
// DataError("FILE:LINE: private-use character U+E000 is not allowed").
std::string toml_guard_swap(std::string_view text, const std::string& file);

// A string read from the parsed document with the stand-ins turned back.
std::string toml_guard_unswap(std::string_view text);

}  // namespace feldherr
