#include "geometry/hex.h"

#include <fmt/format.h>

#include <cctype>

namespace feldherr {

const char* DirName(int d) {
  static constexpr const char* kNames[] = {"N", "NE", "SE", "S", "SW", "NW"};
  return (d >= 0 && d < kHexDirs) ? kNames[d] : "?";
}

namespace {

char Upper(char ch) {
  return static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
}
bool IsLetter(char ch) {
  return std::isalpha(static_cast<unsigned char>(ch)) != 0;
}
bool IsDigit(char ch) {
  return std::isdigit(static_cast<unsigned char>(ch)) != 0;
}

}  // namespace

bool HexId::TryParse(std::string_view text, HexId* out, std::string* error) {
  auto fail = [&](std::string_view why) {
    if (error) *error = fmt::format("bad hex id '{}': {}", text, why);
    return false;
  };
  std::string_view s = text;
  HexId id;
  // Optional sheet: "A-" or two letters before the digits ("AK7").
  if (s.size() >= 2 && IsLetter(s[0]) && s[1] == '-') {
    id.sheet = Upper(s[0]);
    s.remove_prefix(2);
  } else if (s.size() >= 3 && IsLetter(s[0]) && IsLetter(s[1])) {
    id.sheet = Upper(s[0]);
    s.remove_prefix(1);
  }
  if (id.sheet != 0 && (id.sheet < 'A' || id.sheet > 'Z')) return fail("the sheet is not a letter");
  if (s.empty() || !IsLetter(s[0])) {
    return fail("expected a column letter A-U (form 'A-K08', 'K08' or 'K8')");
  }
  char col = Upper(s[0]);
  if (col < 'A' || col > 'U') return fail(fmt::format("column {} is not in A-U", col));
  s.remove_prefix(1);
  if (s.empty()) return fail("the row number is missing");
  if (s.size() > 2) return fail("the row has more than two digits");
  int row = 0;
  for (char ch : s) {
    if (!IsDigit(ch)) return fail(fmt::format("'{}' is not a row digit", ch));
    row = row * 10 + (ch - '0');
  }
  id.col = static_cast<uint8_t>(col - 'A' + 1);
  int rows = RowsInColumn(id.col);
  if (row < 1 || row > rows) {
    return fail(fmt::format("column {} has rows 01-{:02d} ({} column)", col, rows,
                            rows == 11 ? "odd" : "even"));
  }
  id.row = static_cast<uint8_t>(row);
  *out = id;
  return true;
}

HexId HexId::Parse(std::string_view text) {
  HexId id;
  std::string error;
  if (!TryParse(text, &id, &error)) throw HexIdError(error);
  return id;
}

std::string HexId::ToString() const {
  if (sheet != 0) return fmt::format("{}-{}{:02d}", sheet, col_letter(), row);
  return fmt::format("{}{:02d}", col_letter(), row);
}

}  // namespace feldherr
