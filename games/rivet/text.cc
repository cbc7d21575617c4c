// Rivet Wars text forms (describe/parse), JSON, hash, observation and terminal picture.
#include <nlohmann/json.hpp>
#include <sstream>

#include "engine/fields.h"
#include "engine/hash.h"
#include "games/rivet/rivet.h"

namespace feldherr::rivet {

namespace {

const std::array<std::pair<int, const char*>, 9> kMaskNames = {{{1, "NW"},
                                                                {2, "NE"},
                                                                {4, "SW"},
                                                                {8, "SE"},
                                                                {3, "N"},
                                                                {12, "S"},
                                                                {5, "W"},
                                                                {10, "E"},
                                                                {15, "all"}}};

std::vector<std::string> Split(std::string_view s) {
  std::vector<std::string> out;
  std::istringstream in{std::string(s)};
  std::string w;
  while (in >> w) out.push_back(w);
  return out;
}

bool ParseInt(const std::string& s, int& out) {
  if (s.empty() || s.size() > 4) return false;
  out = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    out = out * 10 + (c - '0');
  }
  return true;
}

bool ParseUnitId(const std::string& s, int& out) {
  return s.size() > 1 && s[0] == 'u' && ParseInt(s.substr(1), out);
}

const char* VerbWord(int v) {
  static constexpr std::array<const char*, kNumVerbs> kWords = {
      "initiative", "die",     "draw",    "deploy",      "plug",     "end",
      "activate",   "attack",  "snipe",   "rush",        "dash",     "step",
      "place",      "retreat", "discard", "draw-secret", "paradrop", "play"};
  return kWords[static_cast<size_t>(v)];
}

}  // namespace

std::string mask_name(int mask) {
  for (auto& [m, n] : kMaskNames)
    if (m == mask) return n;
  return "?";
}

int mask_from_name(std::string_view s) {
  for (auto& [m, n] : kMaskNames)
    if (s == n) return m;
  return -1;
}

std::string RivetState::describe(const Action& a) const {
  const auto& data = game_->data();
  const std::string v = a.verb < kNumVerbs ? VerbWord(a.verb) : "?";
  auto uid = [](int id) { return "u" + std::to_string(id); };
  switch (a.verb) {
    case kInitiative:
      return v + " " + std::to_string(a.arg(0)) + " " + std::to_string(a.arg(1));
    case kDie:
      return v + " " + std::to_string(a.arg(0));
    case kDrawSecret:
      return v + " " +
             (a.arg(0) < static_cast<int>(data.secrets.size())
                  ? data.secrets[static_cast<size_t>(a.arg(0))].id
                  : "?");
    case kDiscard:
    case kDraw:
      return v + " " +
             (a.arg(0) < static_cast<int>(data.actions.size())
                  ? data.actions[static_cast<size_t>(a.arg(0))].id
                  : "?");
    case kDeploy:
      return v + " " + data.units[static_cast<size_t>(a.arg(0))].id + " " + seg_name(a.arg(1)) +
             " " + mask_name(a.arg(2));
    case kPlug:
      return v + " " + data.units[static_cast<size_t>(a.arg(0))].id + " " + uid(a.arg(1));
    case kEnd:
      return v;
    case kPlay:
      return describe_play(a);
    case kActivate:
    case kParadrop:
      return v + " " + seg_name(a.arg(0));
    case kAttack:
      return v + " " + uid(a.arg(0)) + " w" + std::to_string(a.arg(1) + 1) + " " +
             seg_name(a.arg(2));
    case kSnipe:
      return v + " " + uid(a.arg(0)) + " w" + std::to_string(a.arg(1) + 1) + " " + uid(a.arg(2));
    case kRush:
    case kDash:
    case kStep:
    case kRetreat:
      return v + " " + uid(a.arg(0)) + " " + SquareDirName(a.arg(1)) + " " + mask_name(a.arg(2));
    case kPlace:
      return v + " " + uid(a.arg(0)) + " " + mask_name(a.arg(1));
    default:
      return "?";
  }
}

bool RivetState::parse_text(std::string_view text, Action& out, Text& error) const {
  const auto& data = game_->data();
  const std::vector<std::string> w = Split(text);
  if (w.empty()) {
    error = {"empty command", "leerer Befehl"};
    return false;
  }
  int verb = -1;
  for (int v = 0; v < kNumVerbs; ++v)
    if (w[0] == VerbWord(v)) verb = v;
  if (verb < 0) {
    error =
        say("unknown command '{}' (deploy, plug, activate, attack, snipe, rush, dash, step, "
            "place, end)",
            "unbekannter Befehl '{}' (deploy, plug, activate, attack, snipe, rush, dash, step, "
            "place, end)",
            w[0]);
    return false;
  }
  static constexpr std::array<int, kNumVerbs> kArgs = {2, 1, 1, 3, 2, 0, 1, 3, 3,
                                                       3, 3, 3, 2, 3, 1, 1, 1, 0};
  if (verb == kPlay) return parse_play(w, out, error);
  if (static_cast<int>(w.size()) != kArgs[static_cast<size_t>(verb)] + 1) {
    error = say("'{}' takes {} argument(s)", "'{}' braucht {} Angabe(n)", w[0],
                kArgs[static_cast<size_t>(verb)]);
    return false;
  }
  auto seg = [&](const std::string& s, int& o) {
    o = board().parse_seg(s);
    if (o < 0)
      error = say("'{}' is not a segment of this map (e.g. d3)",
                  "'{}' ist kein Segment dieser Karte (z. B. d3)", s);
    return o >= 0;
  };
  auto unit_arg = [&](const std::string& s, int& o) {
    if (!ParseUnitId(s, o))
      error = say("'{}' is not a unit (e.g. u3)", "'{}' ist keine Einheit (z. B. u3)", s);
    return error.en.empty();
  };
  auto type_arg = [&](const std::string& s, int& o) {
    o = data.unit_index(s);
    if (o < 0) error = say("unknown unit type '{}'", "unbekannter Einheitentyp '{}'", s);
    return o >= 0;
  };
  auto mask_arg = [&](const std::string& s, int& o) {
    o = mask_from_name(s);
    if (o < 0)
      error = say("'{}' is not a field placement (NW NE SW SE N S W E all)",
                  "'{}' ist kein Platz im Segment (NW NE SW SE N S W E all)", s);
    return o >= 0;
  };
  auto dir_arg = [&](const std::string& s, int& o) {
    for (int d = 0; d < kSquareDirs; ++d)
      if (s == SquareDirName(d)) o = d;
    if (o < 0)
      error = say("'{}' is not a direction (N NE E SE S SW W NW)",
                  "'{}' ist keine Richtung (N NE E SE S SW W NW)", s);
    return o >= 0;
  };
  int x = -1, y = -1, z = -1;
  switch (verb) {
    case kInitiative:
      if (!ParseInt(w[1], x) || !ParseInt(w[2], y) || x < 1 || x > 6 || y < 1 || y > 6) {
        error = {"initiative takes two die faces 1-6", "initiative braucht zwei Würfelaugen 1-6"};
        return false;
      }
      out = Action(verb, {x, y});
      return true;
    case kDie:
      if (!ParseInt(w[1], x) || x < 1 || x > 6) {
        error = {"die takes a face 1-6", "die braucht ein Würfelauge 1-6"};
        return false;
      }
      out = Action(verb, {x});
      return true;
    case kDrawSecret:
      for (size_t i = 0; i < data.secrets.size(); ++i)
        if (data.secrets[i].id == w[1]) x = static_cast<int>(i);
      if (x < 0) {
        error = say("unknown secret mission '{}'", "unbekannte Geheime Mission '{}'", w[1]);
        return false;
      }
      out = Action(verb, {x});
      return true;
    case kDiscard:
    case kDraw:
      for (size_t i = 0; i < data.actions.size(); ++i)
        if (data.actions[i].id == w[1]) x = static_cast<int>(i);
      if (x < 0) {
        error = say("unknown Action! card '{}'", "unbekannte Action!-Karte '{}'", w[1]);
        return false;
      }
      out = Action(verb, {x});
      return true;
    case kDeploy:
      if (!type_arg(w[1], x) || !seg(w[2], y) || !mask_arg(w[3], z)) return false;
      out = Action(verb, {x, y, z});
      return true;
    case kPlug:
      if (!type_arg(w[1], x) || !unit_arg(w[2], y)) return false;
      out = Action(verb, {x, y});
      return true;
    case kEnd:
      out = Action(verb, {});
      return true;
    case kActivate:
    case kParadrop:
      if (!seg(w[1], x)) return false;
      out = Action(verb, {x});
      return true;
    case kAttack:
    case kSnipe: {
      if (!unit_arg(w[1], x)) return false;
      if (w[2].size() < 2 || w[2][0] != 'w' || !ParseInt(w[2].substr(1), y) || y < 1) {
        error =
            say("'{}' is not a weapon (w1, w2, ...)", "'{}' ist keine Waffe (w1, w2, ...)", w[2]);
        return false;
      }
      if (verb == kAttack ? !seg(w[3], z) : !unit_arg(w[3], z)) return false;
      out = Action(verb, {x, y - 1, z});
      return true;
    }
    case kRush:
    case kDash:
    case kStep:
    case kRetreat:
      if (!unit_arg(w[1], x) || !dir_arg(w[2], y) || !mask_arg(w[3], z)) return false;
      out = Action(verb, {x, y, z});
      return true;
    case kPlace:
      if (!unit_arg(w[1], x) || !mask_arg(w[2], y)) return false;
      out = Action(verb, {x, y});
      return true;
    default:
      error = {"unknown command", "unbekannter Befehl"};
      return false;
  }
}

// A card drawn into a hand is seen only by its owner (RW §5.1; the deviation draws are public).
std::string RivetState::describe_for(const Action& a, int viewer) const {
  const bool into_hand =
      (a.verb == kDraw && phase == Phase::kCards && !pending.active) || a.verb == kDrawSecret;
  if (into_hand && viewer != active && viewer != kNobody)
    return std::string(VerbWord(a.verb)) + " (hidden)";
  return describe(a);
}

// What deploying a unit costs (DP, RW §7.1) and brings (rivets).
Text RivetState::annotate(const Action& a) const {
  if (a.verb == kDeploy) {
    const UnitType& t = game_->data().units[static_cast<size_t>(a.arg(0))];
    const char* plural = t.rivets == 1 ? "" : "s";
    return say("{0} DP, {1} rivet{2}", "{0} AP, {1} Rivet{2}", t.cost, t.rivets, plural);
  }
  return {};
}

// clang-format off
template <class S, class V>
void RivetState::field_list(S& s, V& v) {
  v("active", s.active)("first", s.first)("round", s.round)("turn_in_round", s.turn_in_round)
   ("phase", s.phase)("dp", s.dp)("rivets", s.rivets)("vp", s.vp)("units", s.units)
   ("next_id", s.next_id)("terrain", s.terrain)("flags", s.flags)("hero_used", s.hero_used)
   ("deck", s.deck)("discard", s.discard)("activated_seg", s.activated_seg)("clouds", s.clouds)
   ("gas_jobs", s.gas_jobs)("gas_drift", s.gas_drift)
   .group("para", s.para_left, s.para_origin, s.para_aim, s.para_done)
   .group("windows", s.window_open, s.window_used, s.forward_depot, s.w5_used)
   ("smoke", s.smoke)("hands", s.hands)("secrets", s.secrets)("sm_deck", s.sm_deck)
   ("sm_discard", s.sm_discard)("card_step", s.card_step)("secret_draws", s.secret_draws)
   ("stats", s.stats)("inf_dp", s.inf_dp)("free_units", s.free_units)("esc_vp", s.esc_vp)
   .group("shock", s.shock_unit, s.shock_seg, s.shock_mask)
   ("retreat", s.retreat)("pending", s.pending)("threshold_reached", s.threshold_reached)
   ("tie_continuation", s.tie_continuation)("winner", s.winner)("end_reason", s.end_reason)
   ("moves", s.moves);
}
// clang-format on

json RivetState::to_json() const {
  return fields_to_json(*this);
}

// so_segs and so_field come from the mission (the constructor), not from the JSON.
void RivetState::from_json(const json& j) {
  fields_from_json(j, *this);
  for (size_t i = 0; i < units.size(); ++i) {
    const Unit& u = units[i];
    if (u.type < 0 || u.type >= static_cast<int>(game_->data().units.size()) || u.seg < 0 ||
        u.seg >= board().num_segments())
      throw std::runtime_error("$.units[" + std::to_string(i) + "]: unit out of range");
  }
  if (flags.size() != so_segs.size()) throw std::runtime_error("$.flags: wrong length");
  if (hero_used.size() != game_->data().units.size())
    throw std::runtime_error("$.hero_used: wrong length");
}

// Every field is in to_json(); the hash is that of its canonical dump, which stored replays
// hold. The text is written straight from the field list, without the JSON tree.
uint64_t RivetState::hash() const {
  std::string text;
  text.reserve(4096);
  fields_json_text(*this, text);
  Hasher h;
  h.add(text);
  return h.value();
}

std::unique_ptr<State> RivetState::determinize(int seat, Rng& rng) const {
  // Re-deal what `seat` cannot see: the other hands and both decks, from the unseen cards.
  auto s = std::make_unique<RivetState>(*this);
  auto redeal = [&](std::vector<int>& deck_set, PerSeat<std::vector<int>>& hand) {
    std::vector<int> pool = deck_set;
    for (int f : {kAllies, kBismark})
      if (f != seat)
        pool.insert(pool.end(), hand[static_cast<size_t>(f)].begin(),
                    hand[static_cast<size_t>(f)].end());
    for (size_t i = pool.size(); i > 1; --i)
      std::swap(pool[i - 1], pool[rng.below(static_cast<uint32_t>(i))]);
    size_t k = 0;
    for (int f : {kAllies, kBismark}) {
      if (f == seat) continue;
      for (int& c : hand[static_cast<size_t>(f)]) c = pool[k++];
    }
    deck_set.assign(pool.begin() + static_cast<long>(k), pool.end());
    std::sort(deck_set.begin(), deck_set.end());
  };
  redeal(s->deck, s->hands);
  redeal(s->sm_deck, s->secrets);
  return s;
}

std::string RivetState::render_text(int seat) const {
  return render_text_in(seat, Lang::kEn);
}

// The picture in English or German; the texts of the cards and missions are the data's, in the
// picture's language (cards.toml: name / name_de, rules / rules_de, goal / goal_de).
std::string RivetState::render_text_in(int seat, Lang lang) const {
  const bool de = lang == Lang::kDe;
  auto side = [this, lang](int f) { return game_->side_name(f).in(lang); };
  auto name = [de](const UnitType& t) -> const std::string& {
    return de && !t.german.empty() ? t.german : t.name;
  };
  const Board& b = board();
  std::ostringstream o;
  // The mission's name is German with the English in brackets ("Haltet den Hügel 356 (Hold Hill
  // 356)"): a German reader gets the German part.
  std::string mission_de = mission().name;
  if (const size_t open = mission_de.rfind(" (");
      open != std::string::npos && !mission_de.empty() && mission_de.back() == ')')
    mission_de.resize(open);
  if (de)
    o << "Rivet Wars Mission " << mission().id << " (" << mission_de << "), Runde " << round
      << ", am Zug: " << side(active) << "\n"
      << "SP Alliierte " << vp[0] << "/" << mission().vp[0] << ", Bismark " << vp[1] << "/"
      << mission().vp[1] << "; Rivets " << rivets[0] << " / " << rivets[1] << "; AP " << dp[active]
      << "\n    ";
  else
    o << "Rivet Wars mission " << mission().id << " (" << mission().name << "), round " << round
      << ", " << side(active) << " to play\n"
      << "VP Allies " << vp[0] << "/" << mission().vp[0] << ", Bismark " << vp[1] << "/"
      << mission().vp[1] << "; rivets " << rivets[0] << " / " << rivets[1] << "; DP " << dp[active]
      << "\n    ";
  for (int c = 0; c < b.cols; ++c) o << "   " << static_cast<char>('a' + c) << "    ";
  o << "\n";
  for (int r = 0; r < b.rows; ++r) {
    o << (r + 1 < 10 ? " " : "") << r + 1 << "  ";
    for (int c = 0; c < b.cols; ++c) {
      const int s = b.seg(c, r);
      std::string cell;
      const int t = b.territory[static_cast<size_t>(s)];
      cell += t == kAllies    ? (b.deploy[static_cast<size_t>(s)][0] ? 'a' : 'A')
              : t == kBismark ? (b.deploy[static_cast<size_t>(s)][1] ? 'b' : 'B')
                              : '.';
      for (const TerrainPiece& p : terrain)
        if (b.seg(p.col, p.row) == s) cell += "OUWMT"[static_cast<int>(p.type)];
      for (const GasCloud& g : clouds)
        if (g.seg == s) cell += 'g';
      for (size_t i = 0; i < so_segs.size(); ++i)
        if (so_segs[i] == s && flags[i] >= 0) cell += flags[i] == kAllies ? 'f' : 'F';
      for (const Unit& u : units)
        if (u.seg == s) cell += (u.owner == kAllies ? "a" : "b") + std::to_string(u.id);
      cell.resize(8, ' ');
      o << cell;
    }
    o << "\n";
  }
  // What the letters of the grid stand for (the territories RW §3, the terrain RW §10).
  if (de)
    o << "  Legende: a/b Aufstellungssegment der Alliierten/Bismarks, A/B ihr Gebiet, . "
         "Niemandsland; O strategisches Ziel, U Bunker, W Stacheldraht, M Minenfeld, T "
         "Panzersperre; g Gaswolke; f/F Flagge der Alliierten/Bismarks; a5/b1 Einheit u5/u1\n";
  else
    o << "  key: a/b deployment segment of the Allies/Bismark, A/B their territory, . no-man's "
         "land; O strategic objective, U bunker, W wire, M minefield, T tank trap; g gas cloud; "
         "f/F flag of the Allies/Bismark; a5/b1 unit u5/u1\n";
  // Hands: the seat's own cards in full, the other's only as counts (RW §5.1, hidden).
  const auto& data = game_->data();
  for (int f : {kAllies, kBismark}) {
    const auto& h = hands[static_cast<size_t>(f)];
    const auto& sm = secrets[static_cast<size_t>(f)];
    if (f == seat) {
      o << (de ? "  deine Action!-Karten:" : "  your Action! cards:");
      if (h.empty()) o << (de ? " keine" : " none");
      o << "\n";
      for (int c : h) {
        const ActionCard& card = data.actions[static_cast<size_t>(c)];
        o << "    " << card.id << " " << (de ? card.name_de : card.name) << " (W" << card.window
          << "): " << (de ? card.rules_de : card.rules) << "\n";
      }
      o << (de ? "  deine Geheimen Missionen:" : "  your secret missions:");
      if (sm.empty()) o << (de ? " keine" : " none");
      o << "\n";
      for (int c : sm) {
        const SecretMission& m = data.secrets[static_cast<size_t>(c)];
        o << "    " << m.id << " " << (de ? m.name_de : m.name) << " (" << m.vp
          << (de ? " SP): " : " VP): ") << (de ? m.goal_de : m.goal) << "\n";
      }
    } else {
      if (de)
        o << "  Die " << faction_de(f) << " haben " << h.size() << " Action!-Karte(n) und "
          << sm.size() << " Geheime Mission(en)\n";
      else
        o << "  " << faction_does(f, "holds", "hold") << " " << h.size() << " Action! card(s) and "
          << sm.size() << " secret mission(s)\n";
    }
  }
  if (de)
    o << "  Action!-Stapel " << deck.size() << ", Ablage " << discard.size() << "; Gaswolken "
      << clouds.size() << "\n";
  else
    o << "  Action! deck " << deck.size() << ", discard " << discard.size() << "; gas clouds "
      << clouds.size() << "\n";
  for (const Unit& u : units) {
    o << "  u" << u.id << " " << side(u.owner) << " " << name(type_of(u));
    if (u.plug >= 0) o << " + " << name(game_->data().units[static_cast<size_t>(u.plug)]);
    o << " in " << seg_name(u.seg) << "." << mask_name(u.fields) << ", " << max_hp(u) - u.damage
      << "/" << max_hp(u) << (de ? " TP\n" : " HP\n");
  }
  return o.str();
}

}  // namespace feldherr::rivet
