#include "analysis/pocket_odds.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <stdexcept>

#include "games/pocket/pocket.h"

namespace feldherr::analysis {

namespace {

const char* const kArmies[] = {"orcs", "elves"};

std::string Lower(std::string_view text) {
  std::string s(text);
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

std::vector<double> PocketHits(const std::vector<int>& printed, int rolled) {
  if (rolled < 1 || rolled > 2) throw std::invalid_argument("PocketHits: roll 1 or 2 dice");
  if (printed.size() > 255) throw std::invalid_argument("PocketHits: at most 255 printed dice");
  std::array<uint8_t, 7> faces{};  // faces[f]: printed dice showing f
  for (int f : printed) {
    if (f < 1 || f > 6) throw std::invalid_argument("PocketHits: die faces are 1..6");
    ++faces[static_cast<size_t>(f)];
  }
  return pocket::HitDistribution(faces, rolled);  // games/pocket/odds.cc
}

const pocket::TroopType* FindPocketTroop(std::string_view name,
                                         std::vector<std::string>* candidates) {
  const std::string wanted = Lower(name);
  std::vector<const pocket::TroopType*> found;
  std::vector<std::string> containing, all;
  for (const char* army_id : kArmies) {
    for (const pocket::TroopType& t : pocket::shipped_army(army_id).troops) {
      all.push_back(t.id);
      if (Lower(t.id) == wanted) return &t;  // an id is unique
      if (Lower(t.name) == wanted || Lower(t.name_de) == wanted) found.push_back(&t);
      if (Lower(t.id).find(wanted) != std::string::npos ||
          Lower(t.name).find(wanted) != std::string::npos) {
        containing.push_back(t.id);
      }
    }
  }
  if (found.size() == 1) return found.front();
  if (candidates != nullptr) {
    candidates->clear();
    if (found.size() > 1) {
      for (const pocket::TroopType* t : found) candidates->push_back(t->id);
    } else {
      *candidates = containing.empty() ? all : containing;
    }
  }
  return nullptr;
}

std::vector<int> PocketUnitDice(const std::vector<const pocket::TroopType*>& troops,
                                bool shooting) {
  std::vector<int> dice;
  for (const pocket::TroopType* t : troops) {
    const std::vector<int>& d = shooting ? t->shooting_dice : t->combat_dice;
    dice.insert(dice.end(), d.begin(), d.end());
  }
  return dice;
}

}  // namespace feldherr::analysis
