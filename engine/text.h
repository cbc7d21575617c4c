// The texts a player reads, in the product's two languages. A game writes each of its own
// texts (decision prompts, log events, refusals, result lines) once, English and German side by
// side (`say`), and every channel (the server's messages, the terminal, the web UI) shows the
// one of its reader's language (docs/architecture.md "Two languages").
#pragma once

#include <fmt/format.h>

#include <cstdint>
#include <locale>
#include <string>
#include <string_view>

namespace feldherr {

// The languages of the texts and labels a player reads.
enum class Lang : uint8_t { kEn, kDe };

// One text in English and German. An empty `de` means the game has only English for it; `in`
// then gives the English (the conformance battery fails a game that gives German for some of
// its texts and not for others).
struct Text {
  std::string en;
  std::string de;
  const std::string& in(Lang lang) const { return lang == Lang::kDe && !de.empty() ? de : en; }
  bool operator==(const Text&) const = default;
};

// German numbers: a decimal comma and no digit grouping. A German text asks for them with fmt's
// `L` and writes a no-break space before a percent sign, which a line is never cut at:
// "{:.1Lf}\u00a0%" gives "81,3 %" where the English "{:.1f}%" gives "81.3%".
const std::locale& german_numbers();

// The text in English and German from two format strings (fmt) over the same arguments. Each
// string may use any of the arguments by position, so that the German names "Orks" where the
// English names "orcs": say("{0} wins", "{1} gewinnt", side, side_de). The German string is
// formatted with german_numbers().
template <class... A>
Text say(fmt::format_string<const A&...> en, fmt::format_string<const A&...> de, const A&... args) {
  return {fmt::vformat(fmt::string_view(en), fmt::make_format_args(args...)),
          fmt::vformat(german_numbers(), fmt::string_view(de), fmt::make_format_args(args...))};
}

// The language named by `code` ("de"); English for any other.
inline Lang lang_of(std::string_view code) {
  return code == "de" ? Lang::kDe : Lang::kEn;
}

// The columns `text` takes on a terminal: one per UTF-8 character (every byte but a
// continuation byte starts one), so "Größe" takes five.
size_t display_columns(std::string_view text);

// `line` cut at spaces into lines of at most `width` columns, each continuation on a new line
// indented by `indent` spaces; a word longer than a line stays whole. The terminal's prompts and
// narration (width 100) and White Star Rising's text board (width 80) are cut by it.
std::string wrap_at_spaces(std::string_view line, size_t width, size_t indent);

// Input echoed in a message, cut to its first `max_bytes` bytes (at a UTF-8 character boundary)
// followed by "… (N bytes)" when longer: a log line or a typed action of any size never makes a
// message larger than that. Used by the replay checks, the command line and the refusals that
// quote a typed word.
std::string clip_text(std::string_view text, size_t max_bytes = 200);

}  // namespace feldherr
