// Test helper: finding an id named as a word of a player's text (the side-name tests).
#pragma once

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

namespace feldherr::test_util {

// The first of `ids` that `text` names as a word, "" when none. A word is a run of letters,
// digits, '.', '-' and '_', so that the ids that begin with a side's id (the unit us.m4a3e8, the
// zone us-setup, the attack card P1-13) are words of their own; a full stop or dash ending the
// word ends the sentence, not the word.
inline std::string IdWordIn(const std::string& text, const std::vector<std::string>& ids) {
  auto in_word = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '.' || c == '-' || c == '_';
  };
  for (size_t i = 0; i < text.size();) {
    if (!in_word(text[i])) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < text.size() && in_word(text[j])) ++j;
    std::string word = text.substr(i, j - i);
    while (!word.empty() && (word.back() == '.' || word.back() == '-')) word.pop_back();
    if (std::find(ids.begin(), ids.end(), word) != ids.end()) return word;
    i = j;
  }
  return "";
}

}  // namespace feldherr::test_util
