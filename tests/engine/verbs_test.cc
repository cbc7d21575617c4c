// Verb tables and the structured form of actions (engine/verbs.h), and every game's table
// against the actions its rules produce.
#include "engine/verbs.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>

#include "engine/ending.h"
#include "engine/registry.h"
#include "engine/rng.h"
#include "engine/session.h"
#include "engine/view.h"

namespace feldherr {
namespace {

using enum VerbRole;

constexpr VerbSpec kTable[] = {
    {"move", "unit place", kMove, "Move {1} to {2}", "{1} nach {2}"},
    {"attack", "unit unit?", kAttack, "Attack with {1}[ on {2}]", "Angriff mit {1}[ auf {2}]"},
    {"react intercept", "unit", kOther, "Intercept with {1}", "Mit {1} abfangen"},
    {"react", "word", kOther, "React: {1}", "Reaktion: {1}"},
    {"enter", "unit* place", kMove, "{1} enter at {2}", "{1} bei {2}"},
    {"pass", "", kDecline, "Pass", "Passen"},
};

TEST(Verbs, ArgumentsAreTypedByTheTableAndLabelsFilled) {
  ActionInfo a = read_action(kTable, "move u3 A-I08");
  EXPECT_EQ(a.verb, "move");
  EXPECT_EQ(a.role, kMove);
  ASSERT_EQ(a.args.size(), 2u);
  EXPECT_EQ(a.args[0].kind, ArgKind::kUnit);
  EXPECT_EQ(a.args[0].value, "u3");
  EXPECT_EQ(a.args[1].kind, ArgKind::kPlace);
  EXPECT_EQ(a.label_en, "Move u3 to A-I08");
  EXPECT_EQ(a.label_de, "u3 nach A-I08");
}

TEST(Verbs, TheLongestMatchingVerbWinsAndAVerbIsAWholeWord) {
  EXPECT_EQ(read_action(kTable, "react intercept o6").verb, "react intercept");
  EXPECT_EQ(read_action(kTable, "react wait").verb, "react");
  // "passive" is no "pass".
  EXPECT_EQ(read_action(kTable, "passive").verb, "");
}

TEST(Verbs, AnOptionalArgumentAndItsBracketedLabelPart) {
  EXPECT_EQ(read_action(kTable, "attack e2").label_en, "Attack with e2");
  ActionInfo a = read_action(kTable, "attack e2 o5");
  EXPECT_EQ(a.label_en, "Attack with e2 on o5");
  ASSERT_EQ(a.args.size(), 2u);
  EXPECT_EQ(a.args[1].kind, ArgKind::kUnit);
  // Too many words: no row reads it.
  EXPECT_EQ(read_action(kTable, "attack e2 o5 o6").verb, "");
}

// A label's template is cut into parts once per table; filled, it reads as written: a brace
// without its close and a bracket inside a bracket are text, the first ']' closes a bracketed
// part, which goes when a placeholder in it is empty, and so does a bracket never closed.
TEST(Verbs, LabelTemplatesFilledFromTheirParts) {
  static constexpr VerbSpec kOdd[] = {
      {"go", "unit unit?", kOther, "[{1} [x] ]to {2}[ then {2}] {", "a{2}b[ c{1}"},
      {"say", "number*", kOther, "{1}: [{1}]{9}]", "{1} }{"},
  };
  ActionInfo one = read_action(kOdd, "go u1");
  EXPECT_EQ(one.label_en, "u1 [x ]to  {");
  EXPECT_EQ(one.label_de, "ab");
  ActionInfo two = read_action(kOdd, "go u1 u2");
  EXPECT_EQ(two.label_en, "u1 [x ]to u2 then u2 {");
  EXPECT_EQ(two.label_de, "au2b");
  EXPECT_EQ(read_action(kOdd, "say 3 4").label_en, "3, 4: 3, 4]");
  EXPECT_EQ(read_action(kOdd, "say").label_en, ": ]");
  EXPECT_EQ(read_action(kOdd, "say 5").label_de, "5 }{");
}

TEST(Verbs, ARepeatedKindTakesTheWordsTheOthersLeave) {
  ActionInfo a = read_action(kTable, "enter de.tiger de.stug A-J01");
  ASSERT_EQ(a.args.size(), 3u);
  EXPECT_EQ(a.args[0].kind, ArgKind::kUnit);
  EXPECT_EQ(a.args[1].kind, ArgKind::kUnit);
  EXPECT_EQ(a.args[2].kind, ArgKind::kPlace);
  EXPECT_EQ(a.label_en, "de.tiger, de.stug enter at A-J01");
  EXPECT_EQ(read_action(kTable, "enter A-J01").args.size(), 1u);
}

TEST(Verbs, NamesComeFromTheGameAndHiddenWordsStayHidden) {
  auto name = [](ArgKind kind, std::string_view w, Lang lang) {
    if (kind != ArgKind::kUnit) return std::string(w);
    return (lang == Lang::kDe ? "Einheit " : "Unit ") + std::string(w);
  };
  EXPECT_EQ(read_action(kTable, "move u3 A-I08", name).label_en, "Move Unit u3 to A-I08");
  EXPECT_EQ(read_action(kTable, "move u3 A-I08", name).label_de, "Einheit u3 nach A-I08");
  ActionInfo hidden = read_action(kTable, "react (hidden)", name);
  ASSERT_EQ(hidden.args.size(), 1u);
  EXPECT_EQ(hidden.args[0].kind, ArgKind::kHidden);
  // The masked word is not named, and reads in German as the German boards say it.
  EXPECT_EQ(hidden.label_en.find("Unit"), std::string::npos) << hidden.label_en;
  EXPECT_NE(hidden.label_en.find("(hidden)"), std::string::npos) << hidden.label_en;
  EXPECT_NE(hidden.label_de.find("(verdeckt)"), std::string::npos) << hidden.label_de;
  EXPECT_EQ(hidden.label_de.find("hidden"), std::string::npos) << hidden.label_de;
}

TEST(Verbs, ATextNoRowReadsKeepsItsWords) {
  ActionInfo a = read_action(kTable, "fly u3 high");
  EXPECT_EQ(a.verb, "");
  EXPECT_EQ(a.label_en, "fly u3 high");
  ASSERT_EQ(a.args.size(), 3u);
  EXPECT_EQ(a.args[0].kind, ArgKind::kWord);
}

TEST(Verbs, TheTableCheckFindsBadRows) {
  EXPECT_EQ(check_verb_table(kTable), "");
  constexpr VerbSpec kTwice[] = {{"a", "", kOther, "A", "A"}, {"a", "", kOther, "A", "A"}};
  EXPECT_NE(check_verb_table(kTwice).find("twice"), std::string::npos);
  constexpr VerbSpec kKind[] = {{"a", "hexagon", kOther, "A", "A"}};
  EXPECT_NE(check_verb_table(kKind).find("kinds"), std::string::npos);
  constexpr VerbSpec kSlot[] = {{"a", "unit", kOther, "A {2}", "A {1}"}};
  EXPECT_NE(check_verb_table(kSlot).find("{2}"), std::string::npos);
  constexpr VerbSpec kTwoRepeats[] = {{"a", "unit* place*", kOther, "A", "A"}};
  EXPECT_NE(check_verb_table(kTwoRepeats), "");
  constexpr VerbSpec kHalfHeaded[] = {{"a", "", kOther, "A", "A", "Aa", "Aa"},
                                      {"b", "", kOther, "B", "B"}};
  EXPECT_NE(check_verb_table(kHalfHeaded).find("heading"), std::string::npos);
  constexpr VerbSpec kNoGerman[] = {{"a", "", kOther, "A", "A", "Aa", ""}};
  EXPECT_NE(check_verb_table(kNoGerman).find("heading"), std::string::npos);
}

// The action lists group actions by verb under a heading in plain language (docs/protocol.md
// "Legal actions": `title`): every product game heads each of its verbs in English and German.
TEST(Verbs, EveryGameHeadsEachVerbInEnglishAndGerman) {
  for (const GameModule& m : all_games().modules()) {
    auto game = all_games().create(m.id + "/" + m.scenarios.front().id, {});
    ASSERT_FALSE(game->verbs().empty()) << m.id;
    for (const VerbSpec& row : game->verbs()) {
      EXPECT_FALSE(row.title_en.empty()) << m.id << ": " << row.verb;
      EXPECT_FALSE(row.title_de.empty()) << m.id << ": " << row.verb;
      EXPECT_NE(row.title_en, row.verb) << m.id << ": the heading is the raw verb";
    }
  }
  const ActionInfo fire = read_action(kTable, "move u3 A-I08");
  EXPECT_EQ(action_info_json(fire).count("title"), 0u);  // a table without headings sends none
}

TEST(Verbs, TheJsonFormCarriesKindsRoleLabelsAndCost) {
  ActionInfo a = read_action(kTable, "move u3 A-I08");
  a.cost = 2;
  a.args.push_back({ArgKind::kPlace, "B-R04", "to", ""});
  const json j = action_info_json(a);
  EXPECT_EQ(j["verb"], "move");
  EXPECT_EQ(j["role"], "move");
  EXPECT_EQ(j["args"][0]["kind"], "unit");
  EXPECT_EQ(j["args"][2]["role"], "to");
  EXPECT_EQ(j["label"]["de"], "u3 nach A-I08");
  EXPECT_EQ(j["cost"], 2);
  constexpr VerbSpec kHeaded[] = {
      {"move", "unit place", kMove, "{1} to {2}", "{1} nach {2}", "Move", "Ziehen"}};
  const json h = action_info_json(read_action(kHeaded, "move u3 A-I08"));
  EXPECT_EQ(h["title"]["en"], "Move");
  EXPECT_EQ(h["title"]["de"], "Ziehen");
}

// Every game's table is well formed, and every legal action met in random play of every
// scenario is read by a row of it: a verb added to a game's describe() without a row fails here.
// Its role read alone (State::action_role, the look-ahead's) is the role of its info, whatever
// the game's action_info adds.
TEST(Verbs, EveryGameReadsEveryLegalActionOfRandomPlay) {
  for (const GameModule& m : all_games().modules()) {
    for (const ScenarioInfo& sc : m.scenarios) {
      auto game = all_games().create(m.id + "/" + sc.id, {});
      EXPECT_EQ(check_verb_table(game->verbs()), "") << m.id;
      std::set<std::string> seen;
      for (uint64_t seed = 1; seed <= 2; ++seed) {
        Rng rng(seed);
        auto state = game->new_initial_state();
        for (int n = 0; n < 400 && !state->is_terminal(); ++n) {
          const int seat = state->current_seat();
          ActionList legal = state->legal_actions();
          ASSERT_FALSE(legal.empty());
          for (const Action& a : legal) {
            const ActionInfo info = state->action_info(a, seat >= 0 ? seat : kNobody);
            EXPECT_EQ(state->action_role(a, seat >= 0 ? seat : kNobody), info.role) << info.text;
            const std::string text = state->describe(a);
            if (!seen.insert(info.verb + "|" + text.substr(0, text.find(' '))).second) continue;
            EXPECT_NE(info.verb, "") << m.id << "/" << sc.id << ": no row reads '" << text << "'";
            EXPECT_FALSE(info.label_en.empty()) << text;
            EXPECT_FALSE(info.label_de.empty()) << text;
          }
          std::vector<Action> choices;
          for (const Action& a : legal)
            if (!state->is_concession(a) || legal.size() == 1) choices.push_back(a);
          state->apply(choices[rng.below(static_cast<uint32_t>(choices.size()))]);
        }
      }
      EXPECT_GE(seen.size(), 4u) << m.id << "/" << sc.id << ": too little was played";
    }
  }
}

// The server's legal actions carry the structured form next to the text.
TEST(Verbs, TheViewsLegalActionsCarryVerbArgumentsAndLabels) {
  auto game = all_games().create("rivet/mission-1", {});
  auto state = game->new_initial_state();
  Rng rng(3);
  while (state->current_seat() == kChance) state->apply(state->sample_chance(rng));
  const View v = view_of(*state, state->current_seat());
  const json legal = legal_json(v);
  ASSERT_FALSE(legal.empty());
  for (const json& a : legal) {
    EXPECT_TRUE(a.contains("verb")) << a.dump();
    EXPECT_TRUE(a["label"].contains("de")) << a.dump();
  }
}

// Planspiel PS §3.2, §9.2-§9.4: the other party's FERTIG hands the turn over, and its answer in a
// counter-move window (`pass`, a counter-fire, an evasion) hands the half-turn back to the mover:
// none opens a window, so the mover's FERTIG with units left to act carries its warning
// (Session::last_actor is nobody after them). The other party as the opener would silence it.
TEST(Verbs, PS_3_2_FertigAfterTheOtherPartyHandedOverStillWarns) {
  const std::shared_ptr<const Game> game = all_games().create("planspiel/ps-1", {});
  std::set<std::string> handed_over_by;  // "pass", "fertig", "answer": warned after each
  for (uint64_t seed = 1; seed <= 20 && handed_over_by.size() < 3; ++seed) {
    Session session(game);
    Rng rng(seed);
    for (int n = 0; n < 400 && !session.state().is_terminal(); ++n) {
      const State& state = session.state();
      const int seat = state.current_seat();
      if (seat == kChance) {
        session.roll(rng);
        continue;
      }
      Action fertig;
      std::string error;
      ASSERT_TRUE(state.parse("fertig", fertig, error)) << error;
      const auto& h = session.history();
      const LoggedAction* last = nullptr;
      for (auto it = h.rbegin(); it != h.rend() && last == nullptr; ++it)
        if (it->seat != kChance) last = &*it;
      if (last != nullptr && last->seat != seat && !state.decision().decline &&
          state.why_illegal(fertig).empty()) {
        EXPECT_TRUE(last->hands_over) << last->text;
        EXPECT_EQ(session.last_actor(), kNobody);
        const Text warn = units_still_able(state, fertig, true, session.last_actor());
        if (!warn.en.empty()) {
          handed_over_by.insert(last->text == "pass" || last->text == "fertig" ? last->text
                                                                               : "answer");
          EXPECT_NE(warn.en.find("can still"), std::string::npos) << warn.en;
          EXPECT_NE(warn.de.find("noch"), std::string::npos) << warn.de;
          EXPECT_TRUE(units_still_able(state, fertig, true, last->seat).en.empty());
        }
      }
      // Move rather than end, so that steps open the other party's windows.
      ActionList legal;
      for (const Action& a : state.legal_actions())
        if (!state.is_concession(a) && (a != fertig || rng.below(4) == 0)) legal.push_back(a);
      if (legal.empty()) legal.push_back(fertig);
      ASSERT_EQ(session.act(legal[rng.below(static_cast<uint32_t>(legal.size()))]), "");
    }
  }
  EXPECT_EQ(handed_over_by, (std::set<std::string>{"answer", "fertig", "pass"}));
}

// Rivet Wars' `end` while units of the activated segment could still move (RW §9): the legal action
// carries the warning a player reads before it (`warn`, en and de), the same as the terminal's
// question; not when the other side's action opened the window, nor without ViewOptions::warnings.
TEST(Verbs, Rw9_EndingWithUnitsLeftToMoveCarriesTheWarningInBothLanguages) {
  auto game = all_games().create("rivet/mission-1", {});
  int warned = 0;
  for (uint64_t seed = 1; seed <= 6 && warned == 0; ++seed) {
    auto state = game->new_initial_state();
    Rng rng(seed);
    for (int n = 0; n < 300 && !state->is_terminal() && warned == 0; ++n) {
      const int seat = state->current_seat();
      if (seat == kChance) {
        state->apply(state->sample_chance(rng));
        continue;
      }
      ViewOptions o;
      o.warnings = true;
      o.last_actor = seat;
      const View v = view_of(*state, seat, o);
      for (const ViewedAction& a : v.legal) {
        const Text expected = units_still_able(*state, a.action, true, seat);
        EXPECT_EQ(a.warn, expected) << a.info.text;
        if (a.warn.en.empty()) continue;
        ++warned;
        EXPECT_EQ(a.info.verb, "end");
        EXPECT_NE(a.warn.en.find("can still"), std::string::npos) << a.warn.en;
        EXPECT_NE(a.warn.de.find("noch"), std::string::npos) << a.warn.de;
        bool found = false;
        for (const json& j : legal_json(v))
          if (j["text"] == a.info.text) {
            found = true;
            EXPECT_EQ(j["warn"]["en"], a.warn.en);
            EXPECT_EQ(j["warn"]["de"], a.warn.de);
          }
        EXPECT_TRUE(found);
        o.last_actor = 1 - seat;  // the other side opened this decision: no warning
        for (const ViewedAction& b : view_of(*state, seat, o).legal) EXPECT_TRUE(b.warn.en.empty());
        for (const ViewedAction& b : view_of(*state, seat).legal) EXPECT_TRUE(b.warn.en.empty());
      }
      // Act, preferring to activate (so that units can move) over ending.
      ActionList legal = state->legal_actions();
      std::vector<Action> choices;
      for (const Action& a : legal)
        if (!state->is_concession(a)) choices.push_back(a);
      Action pick = choices[rng.below(static_cast<uint32_t>(choices.size()))];
      for (const Action& a : choices)
        if (state->describe(a).rfind("activate ", 0) == 0) pick = a;
      state->apply(pick);
    }
  }
  EXPECT_GT(warned, 0) << "no ending with units left to move was met";
}

// The legal actions are written as JSON text without a tree (append_legal_json); every string
// must come out as nlohmann's dump() writes it: quotes, backslashes, control characters, UTF-8.
TEST(Verbs, JsonTextEscapesEveryStringAsNlohmannDoes) {
  std::string all = "Angriff \"Süd\" \\ über Brücke \u00e9";
  for (char c = 1; c < 0x20; ++c) all += c;
  std::string out;
  append_json_string(out, all);
  EXPECT_EQ(out, json(all).dump());
  EXPECT_EQ(json::parse(out).get<std::string>(), all);

  ActionInfo info = read_action(kTable, "attack e2 o5");
  info.label_de = "Angriff mit \"e2\"\n";
  info.args[1].role = "to";
  info.cost = 3;
  std::string members;
  append_action_info_members(info, members);
  const json parsed = json::parse("{" + members + "}");
  EXPECT_EQ(parsed["label"]["de"], "Angriff mit \"e2\"\n");
  EXPECT_EQ(parsed["args"][1]["role"], "to");
  EXPECT_EQ(parsed["cost"], 3);
}

// append_json_string reads eight bytes at a time where none needs an escape: a byte that does
// ('"', '\\', a control character) is escaped at every position of a string of every length,
// next to bytes just above the escaped ones (' ', '#', ']') and UTF-8, as dump() writes it.
TEST(Verbs, AppendJsonStringEscapesAtEveryPositionAsDumpDoes) {
  const std::string special = {'"', '\\', '\0', '\x01', '\n', '\x1f'};
  const std::vector<std::string> plain = {" ", "#", "]", "\u00fc", "a", "~", "!"};
  for (size_t n = 0; n <= 30; ++n) {
    std::string base;  // n pieces: ASCII and the two bytes of a UTF-8 letter
    for (size_t i = 0; i < n; ++i) base += plain[i % plain.size()];
    std::string out;
    append_json_string(out, base);
    EXPECT_EQ(out, json(base).dump()) << n;
    for (size_t at = 0; at < base.size(); ++at) {
      if (static_cast<unsigned char>(base[at]) >= 0x80) continue;  // keep the UTF-8 whole
      for (char c : special) {
        std::string s = base;
        s[at] = c;
        out.clear();
        append_json_string(out, s);
        ASSERT_EQ(out, json(s).dump()) << "byte " << int(c) << " at " << at << " of " << s.size();
      }
    }
  }
}

// JsonText (engine/json_text.h) puts the commas and colons of nested objects and arrays where
// dump() puts them, empty ones included.
TEST(Verbs, JsonTextWritesNestedValuesAsDumpDoes) {
  std::string out;
  JsonText w(out);
  w.obj().arr("a").end().flag("b", true).obj("c").end().arr("d");
  for (int i = 0; i < 3; ++i) w.arr().num(i).str("x").end();
  w.obj().num("n", -7).str("s", "\"q\"").end().end().num("e", 1).end();
  const json expected = {{"a", json::array()},
                         {"b", true},
                         {"c", json::object()},
                         {"d", {{0, "x"}, {1, "x"}, {2, "x"}, {{"n", -7}, {"s", "\"q\""}}}},
                         {"e", 1}};
  EXPECT_EQ(out, expected.dump());
}

// describe_by_table / parse_by_table: row i is verb i; without a codec arguments are numbers.
TEST(Verbs, TextsAreWrittenAndReadByTheTableAlone) {
  const Action moves(0, {3, 108});
  EXPECT_EQ(describe_by_table(kTable, moves), "move 3 108");
  EXPECT_EQ(describe_by_table(kTable, Action(1, {2})), "attack 2");
  EXPECT_EQ(describe_by_table(kTable, Action(1, {2, 5})), "attack 2 5");
  EXPECT_EQ(describe_by_table(kTable, Action(2, {7})), "react intercept 7");
  EXPECT_EQ(describe_by_table(kTable, Action(4, {1, 2, 9})), "enter 1 2 9");
  EXPECT_EQ(describe_by_table(kTable, Action(5, {})), "pass");
  for (const Action& a : {moves, Action(1, {2}), Action(1, {2, 5}), Action(2, {7}), Action(3, {4}),
                          Action(4, {9}), Action(4, {1, 2, 9}), Action(5, {})}) {
    Action back;
    Text error;
    ASSERT_TRUE(parse_by_table(kTable, describe_by_table(kTable, a), back, error)) << error.en;
    EXPECT_EQ(back, a) << describe_by_table(kTable, a);
  }
}

// The reason comes in both languages; the verbs and the words typed are the same in both.
TEST(Verbs, ParsingByTheTableSaysWhatIsWrong) {
  Action a;
  Text error;
  EXPECT_FALSE(parse_by_table(kTable, "fly 3", a, error));
  EXPECT_EQ(error.en,
            "unknown action 'fly' (expected move, attack, react intercept, react, enter or pass)");
  EXPECT_EQ(error.de,
            "unbekannte Aktion 'fly' (erwartet: move, attack, react intercept, react, "
            "enter oder pass)");
  error = {};
  EXPECT_FALSE(parse_by_table(kTable, "move 3", a, error));
  EXPECT_EQ(error, (Text{"'move' takes 2 argument(s)", "'move' braucht 2 Angabe(n)"}));
  error = {};
  EXPECT_FALSE(parse_by_table(kTable, "attack", a, error));
  EXPECT_EQ(error, (Text{"'attack' takes 1 to 2 arguments", "'attack' braucht 1 bis 2 Angaben"}));
  error = {};
  EXPECT_FALSE(parse_by_table(kTable, "pass now", a, error));
  EXPECT_EQ(error.en, "'pass' takes 0 argument(s)");
  error = {};
  EXPECT_FALSE(parse_by_table(kTable, "move x 4", a, error));
  EXPECT_EQ(error, (Text{"'move': 'x' is not a unit", "'move': 'x' ist keine Einheit"}));
  error = {};
  EXPECT_FALSE(parse_by_table(kTable, "move 9999 4", a, error));
  error = {};
  EXPECT_FALSE(parse_by_table(kTable, "  ", a, error));
  EXPECT_EQ(error, (Text{"empty action", "leere Aktion"}));
}

// What a game that reads its texts by hand says where its reader finds nothing: the same
// reasons as the table's reader, nothing when the words fit a row.
TEST(Verbs, VerbMismatchNamesTheVerbsOrTheCount) {
  EXPECT_EQ(verb_mismatch(kTable, "move 3"),
            (Text{"'move' takes 2 argument(s)", "'move' braucht 2 Angabe(n)"}));
  EXPECT_EQ(verb_mismatch(kTable, "react intercept 1 2")->en,
            "'react intercept' takes 1 argument(s)");
  EXPECT_EQ(verb_mismatch(kTable, "fly")->en,
            "unknown action 'fly' (expected move, attack, react intercept, react, enter or pass)");
  EXPECT_EQ(verb_mismatch(kTable, " "), (Text{"empty action", "leere Aktion"}));
  EXPECT_EQ(verb_mismatch(kTable, "move x y"), std::nullopt);  // fits: the words are the game's
  EXPECT_EQ(verb_mismatch(kTable, "attack 1"), std::nullopt);
}

// A codec names the arguments: units "u<n>", places by a list of names.
TEST(Verbs, ACodecWritesAndReadsTheWordsOfEachKind) {
  static const std::vector<std::string> kPlaces = {"A-I08", "B-R04"};
  ArgCodec codec;
  codec.write = [](ArgKind kind, int v) {
    return kind == ArgKind::kPlace ? kPlaces[static_cast<size_t>(v)] : "u" + std::to_string(v);
  };
  codec.read = [](ArgKind kind, std::string_view w, int& v, Text& error) {
    if (kind == ArgKind::kPlace) {
      for (size_t i = 0; i < kPlaces.size(); ++i)
        if (kPlaces[i] == w) v = static_cast<int>(i);
      if (v < 0) error = say("no place {}", "kein Ort {}", w);
      return v >= 0;
    }
    if (w.size() < 2 || w[0] != 'u') return false;
    v = std::stoi(std::string(w.substr(1)));
    return true;
  };
  EXPECT_EQ(describe_by_table(kTable, Action(0, {3, 1}), codec), "move u3 B-R04");
  Action a;
  Text error;
  ASSERT_TRUE(parse_by_table(kTable, "move u3 B-R04", a, error, codec));
  EXPECT_EQ(a, Action(0, {3, 1}));
  EXPECT_FALSE(parse_by_table(kTable, "move u3 C-C01", a, error, codec));
  EXPECT_EQ(error, (Text{"no place C-C01", "kein Ort C-C01"}));
  error = {};
  EXPECT_FALSE(parse_by_table(kTable, "move 3 B-R04", a, error, codec));
  EXPECT_EQ(error.en, "'move': '3' is not a unit");
}

TEST(Verbs, TheLegalActionCarriesItsTextAndAPlaceItsCell) {
  ActionInfo info = read_action(kTable, "move u3 A-I08");
  EXPECT_EQ(info.text, "move u3 A-I08");
  info.args[1].cell = "4:0";
  const json j = action_info_json(info);
  EXPECT_EQ(j["args"][1]["cell"], "4:0");
  EXPECT_FALSE(j["args"][0].contains("cell"));
}

}  // namespace
}  // namespace feldherr
