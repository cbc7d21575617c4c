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
//
// toml++ 3.3.0 also asserts (TOML_ASSERT_ASSUME: undefined behaviour when assertions are off and
// the compiler honours the assumption) in parse_key() when a table header "[" or "[[" is not
// followed by a key: "[#x]", "[\n", "[ é]". Such a header is never valid TOML, so the swap
// refuses a line that starts with '[' (after blanks) and goes on with anything but a bare-key
// character, a quote or ']' (the error toml++ would give). A line inside a multi-line array that
// starts like that ("  [{ a = 1 }]") is refused too; no data file of ours has one.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace feldherr {

// The text with every affected code point swapped for its private-use stand-in. Input that
// already holds one of those private-use code points is rejected with
// DataError("FILE:LINE: private-use character U+E000 is not allowed"), a table header without a
// key with DataError("FILE:LINE: bad table header: '[' must be followed by a key").
std::string toml_guard_swap(std::string_view text, const std::string& file);

// The whole text of a data file, for every loader: DataError("FILE: cannot open file (no such
// file)"), "(not a file)", "file too large (N bytes, at most M)" or "cannot read file".
std::string read_data_file(const std::string& file, uintmax_t max_bytes = uintmax_t{4} << 20);

// A string read from the parsed document with the stand-ins turned back.
std::string toml_guard_unswap(std::string_view text);

}  // namespace feldherr
