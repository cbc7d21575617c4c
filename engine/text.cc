// Terminal columns and line cutting of the texts a player reads (engine/text.h).
#include "engine/text.h"

namespace feldherr {

namespace {

bool starts_char(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
}

struct GermanNumpunct : std::numpunct<char> {
  char do_decimal_point() const override { return ','; }
  char do_thousands_sep() const override { return '.'; }
  std::string do_grouping() const override { return ""; }  // "1234", as the rulebooks print them
};

}  // namespace

const std::locale& german_numbers() {
  static const std::locale german(std::locale::classic(), new GermanNumpunct);
  return german;
}

size_t display_columns(std::string_view text) {
  size_t n = 0;
  for (char c : text)
    if (starts_char(c)) ++n;
  return n;
}

std::string wrap_at_spaces(std::string_view line, size_t width, size_t indent) {
  if (display_columns(line) <= width) return std::string(line);
  std::string out;
  size_t start = 0, used = 0;  // start of the rest; columns already on the current line
  while (start < line.size()) {
    if (used + display_columns(line.substr(start)) <= width) {
      out += line.substr(start);
      break;
    }
    // The last space at which the current line can be cut.
    size_t cut = std::string_view::npos;
    for (size_t i = start, col = used; i < line.size(); ++i) {
      if (starts_char(line[i])) ++col;
      if (col > width) break;
      if (line[i] == ' ' && i > start) cut = i;
    }
    if (cut == std::string_view::npos) cut = line.find(' ', start + 1);
    if (cut == std::string_view::npos) {
      out += line.substr(start);
      break;
    }
    out += line.substr(start, cut - start);
    out += '\n';
    out.append(indent, ' ');
    used = indent;
    start = line.find_first_not_of(' ', cut);
    if (start == std::string_view::npos) break;
  }
  return out;
}

std::string clip_text(std::string_view text, size_t max_bytes) {
  if (text.size() <= max_bytes) return std::string(text);
  size_t cut = max_bytes;
  // Never split a UTF-8 character: back up over continuation bytes (10xxxxxx).
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return fmt::format("{}… ({} bytes)", text.substr(0, cut), text.size());
}

}  // namespace feldherr
