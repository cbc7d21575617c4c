#include "engine/json_text.h"

#include <charconv>
#include <cstdint>
#include <cstring>

namespace feldherr {

namespace {

// True for the bytes a JSON string cannot hold as they are: '"', '\\' and the control
// characters (UTF-8 passes through, as nlohmann's dump() writes it).
constexpr bool NeedsEscape(unsigned char c) {
  return c < 0x20 || c == '"' || c == '\\';
}

// True when one of the eight bytes of `w` may need an escape: a byte below 0x20, '"' or '\\'
// (the classic "has a byte less than n" word test, exact for n <= 128).
constexpr bool WordNeedsEscape(uint64_t w) {
  constexpr uint64_t kOnes = 0x0101010101010101ULL, kHigh = 0x8080808080808080ULL;
  auto has_less = [](uint64_t x, uint64_t n) { return ((x - kOnes * n) & ~x & kHigh) != 0; };
  return has_less(w, 0x20) || has_less(w ^ (kOnes * '"'), 1) || has_less(w ^ (kOnes * '\\'), 1);
}

}  // namespace

void append_json_string(std::string& out, std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  const size_t n = s.size();
  // The first byte that needs an escape, eight bytes at a time while none does.
  size_t i = 0;
  while (i + 8 <= n) {
    uint64_t w;
    std::memcpy(&w, s.data() + i, sizeof w);
    if (WordNeedsEscape(w)) break;
    i += 8;
  }
  while (i < n && !NeedsEscape(static_cast<unsigned char>(s[i]))) ++i;
  if (i == n) {  // nothing to escape (the usual case): one append for a short string
    if (n <= 62) {
      char buf[64];
      buf[0] = '"';
      std::memcpy(buf + 1, s.data(), n);
      buf[n + 1] = '"';
      out.append(buf, n + 2);
    } else {
      out += '"';
      out.append(s);
      out += '"';
    }
    return;
  }
  out += '"';
  size_t run = 0;  // start of the bytes not yet written, which need no escape
  for (; i < n; ++i) {
    // Eight bytes at a time while none of them needs an escape.
    while (i + 8 <= n) {
      uint64_t w;
      std::memcpy(&w, s.data() + i, sizeof w);
      if (WordNeedsEscape(w)) break;
      i += 8;
    }
    if (i == n) break;
    const auto c = static_cast<unsigned char>(s[i]);
    if (!NeedsEscape(c)) continue;
    out.append(s.data() + run, i - run);
    run = i + 1;
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default: {
        const char u[6] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 0xf]};
        out.append(u, sizeof u);
      }
    }
  }
  out.append(s.data() + run, n - run);
  out += '"';
}

void append_json_int(std::string& out, int64_t v) {
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

}  // namespace feldherr
