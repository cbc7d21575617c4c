// Helpers for the Planspiel tests: the shipped boards and small boards written as terrain rows.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "engine/errors.h"
#include "games/planspiel/board.h"
#include "games/planspiel/data.h"
#include "games/planspiel/fire.h"
#include "games/planspiel/situation.h"
#include "games/planspiel/state.h"
#include "games/planspiel/units.h"

namespace feldherr::planspiel::testing {

inline std::string DataDir() {
  return std::string(FELDHERR_SOURCE_DIR) + "/data/planspiel";
}

// The shipped unit-type catalogue (data/planspiel/units.toml), loaded from the file.
inline const std::vector<UnitType>& Types() {
  static const std::vector<UnitType> types = load_unit_types(DataDir() + "/units.toml");
  return types;
}

// The catalogue's type `id` ("INF"); fails the test (and gives an empty type) if there is none.
inline const UnitType& T(const std::string& id) {
  const UnitType* u = find_unit_type(Types(), id);
  EXPECT_NE(u, nullptr) << id;
  static const UnitType kEmpty;
  return u ? *u : kEmpty;
}

// The shipped board of a situation: 1 = PS-1, 2 = PS-2, 3 = PS-3.
inline const Board& Ps(int n) {
  static const std::vector<BoardData> boards = load_planspiel_boards(DataDir());
  return boards.at(static_cast<size_t>(n - 1)).board;
}

// A board from terrain rows (scenarios §1.3 symbols) and optional contour rows; every two
// orthogonally adjacent road fields are joined.
inline Board MakeBoard(const std::vector<std::string>& terrain,
                       const std::vector<std::string>& contour = {}) {
  const int h = static_cast<int>(terrain.size());
  const int w = static_cast<int>(terrain.front().size());
  Board b(w, h);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      Terrain t{};
      bool road = false;
      EXPECT_TRUE(
          ParseTerrainChar(terrain[static_cast<size_t>(y)][static_cast<size_t>(x)], t, road));
      b.set_terrain({x, y}, t, road);
      if (!contour.empty())
        b.set_contour({x, y}, contour[static_cast<size_t>(y)][static_cast<size_t>(x)] - '0');
    }
  }
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      b.link_road({x, y}, {x + 1, y});
      b.link_road({x, y}, {x, y + 1});
    }
  return b;
}

// The DataError message of `load` on a file `name` holding `text`, "" when it loads. The file is
// written into a folder of this test process: ctest runs the tests of one binary in parallel.
template <class Load>
std::string LoadError(const std::string& name, const std::string& text, Load load) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("planspiel_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / name).string();
  std::ofstream(path) << text;
  try {
    load(path);
  } catch (const DataError& e) {
    return e.what();
  }
  return "";
}

// The error of loading situation `text` with `from` replaced by `to` (a test of a bad value).
inline std::string BadSituation(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return LoadError("situation-bad.toml", text, [](const std::string& path) {
    (void)load_situation(path, shipped_unit_types(), shipped_planspiel_boards());
  });
}

// The 1-based line of `text` where `what` first occurs.
inline int LineIn(const std::string& text, const std::string& what) {
  const size_t at = text.find(what);
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
}

// A unit of a test situation (TestSituation): `more` holds its further keys with their TOML values,
// such as {"state", "\"mounted\""}; every value is marked a stand-in.
struct TestUnit {
  std::string id, party, type, field;
  std::vector<std::pair<std::string, std::string>> more = {};
};

// A test situation on a shipped board, written as the situation file a group would write (one
// objective, one draw outcome, every value a stand-in) and loaded through the situation loader.
struct TestSituation {
  std::string id, title, board;
  int game_turns = 4;
  std::string first_mover = "red";
  std::vector<std::string> dug_in = {};
  std::vector<TestUnit> units = {};
  std::string objective = "farm";
  std::vector<std::string> objective_fields = {"5,3"};
  std::vector<std::string> controller = {"none"};
  // Further tables, written before the objective ("[[setup]]" …).
  std::string more = "";

  static std::string Array(const std::vector<std::string>& values) {
    std::string out = "[";
    for (size_t i = 0; i < values.size(); ++i) out += (i ? ", \"" : "\"") + values[i] + "\"";
    return out + "]";
  }
  std::string Toml() const {
    std::string t =
        "[situation]\nid = \"" + id + "\"\ntitle = \"" + title + "\"\nboard = \"" + board +
        "\"\nstart_cycle_turn = 1\ngame_turns = " + std::to_string(game_turns) +
        "\nfirst_mover = \"" + first_mover + "\"\ndug_in = " + Array(dug_in) +
        "\nprovenance = { board = \"stand-in\", start_cycle_turn = \"stand-in\", "
        "game_turns = \"stand-in\", first_mover = \"stand-in\", dug_in = \"stand-in\" }\n";
    for (const TestUnit& u : units) {
      t += "\n[[unit]]\nid = \"" + u.id + "\"\nparty = \"" + u.party + "\"\ntype = \"" + u.type +
           "\"\nfield = \"" + u.field + "\"\n";
      std::string provenance =
          "provenance = { party = \"stand-in\", type = \"stand-in\", field = \"stand-in\"";
      for (const auto& [key, value] : u.more) {
        t += key + " = " + value + "\n";
        provenance += ", " + key + " = \"stand-in\"";
      }
      t += provenance + " }\n";
    }
    t += more;
    t += "\n[[objective]]\nid = \"" + objective + "\"\nfields = " + Array(objective_fields) +
         "\ncontroller = " + Array(controller) +
         "\nprovenance = { fields = \"stand-in\", controller = \"stand-in\" }\n"
         "\n[[outcome]]\nresult = \"draw\"\ntext = \"Draw\"\nwhen = []\n"
         "provenance = { result = \"stand-in\", when = \"stand-in\" }\n";
    return t;
  }
};

// A fixture on a fresh game of PS-2 (every test starts at Red's first half-turn, after Red's
// set-up in its listed fields): units by id,
// actions by their text, scripted play that passes counter-move windows it does not answer.
class Ps2Fixture : public ::testing::Test {
 protected:
  void SetUp() override { Restart(); }
  // The situation played: PS-2 here, PS-3 in the PS-3 tests.
  virtual std::string SituationId() const { return "ps-2"; }
  void Restart() {
    const auto game = make_planspiel(SituationId());
    s_.reset(dynamic_cast<PlanspielState*>(game->new_initial_state().release()));
    // Scenarios §1.5: every party with a set-up zone keeps its listed fields.
    while (s_->setting_up()) s_->apply(Action(kFertig, {}));
  }
  int U(const std::string& id) const {
    const int u = s_->ps().unit_index(id);
    EXPECT_GE(u, 0) << id;
    return u;
  }
  Action A(const std::string& text) const {
    Action a;
    std::string error;
    if (!s_->parse(text, a, error)) throw std::logic_error("cannot parse '" + text + "': " + error);
    return a;
  }
  std::string Why(const std::string& text) const { return s_->why_illegal(A(text)); }
  bool Listed(const std::string& text) const {
    const ActionList legal = s_->legal_actions();
    return std::find(legal.begin(), legal.end(), A(text)) != legal.end();
  }
  // Applies each text; a counter-move window (PS §9.2, §10.5) the script does not answer is
  // passed.
  EventList Play(std::initializer_list<std::string> texts, bool open_windows = false) {
    EventList events;
    const auto pass = [&](const std::string* next) {
      while ((s_->step() == StepKind::kCounterMove || s_->step() == StepKind::kAntiTankEvade) &&
             (next == nullptr || !s_->why_illegal(A(*next)).empty()))
        s_->apply(Action(kPass, {}), &events);
    };
    for (const std::string& t : texts) {
      pass(&t);
      const Action a = A(t);
      if (std::string why = s_->why_illegal(a); !why.empty())
        throw std::logic_error("illegal '" + t + "': " + why);
      s_->apply(a, &events);
    }
    if (!open_windows) pass(nullptr);
    return events;
  }
  bool Reaches(const std::string& id, Field f) const {
    const auto t = s_->move_targets(U(id));
    return std::find(t.begin(), t.end(), f) != t.end();
  }
  // PS §8.8: the net modifier of `firer`'s fire at `target` where both stand now.
  int Net(const std::string& firer, const std::string& target, bool indirect = false) const {
    const int g = U(firer), t = U(target);
    return NetModifier(Modifiers(s_->ps().fire_data(), s_->weapon_of(g), Firer{}, s_->target_of(t),
                                 s_->fire_situation(g, s_->field_of(t), indirect)));
  }

  std::unique_ptr<PlanspielState> s_;
};

// A fixture on a test situation written in the test as TOML (loaded as the file `name`, so that a
// mistake in it names that file) on the board of a shipped situation; the procedure is played
// by action texts, each checked legal, and listed exactly when why_illegal accepts it.
class SituationTest : public ::testing::Test {
 protected:
  void Load(const std::string& name, const std::string& toml, const std::string& board) {
    const std::string err = LoadError(name, toml, [this](const std::string& path) {
      situation_ = std::make_unique<Situation>(
          load_situation(path, shipped_unit_types(), shipped_planspiel_boards()));
    });
    ASSERT_EQ(err, "");
    game_ = std::make_unique<PlanspielGame>(*situation_, find_planspiel_board(board)->board,
                                            shipped_unit_types(), shipped_fire_data());
    Restart();
  }
  // The test situation at its start.
  void Restart() {
    state_.reset(dynamic_cast<PlanspielState*>(game_->new_initial_state().release()));
  }
  Action A(const std::string& text) {
    Action a;
    std::string error;
    EXPECT_TRUE(state_->parse(text, a, error)) << error;
    return a;
  }
  std::string Why(const std::string& text) { return state_->why_illegal(A(text)); }
  bool Listed(const std::string& text) {
    const ActionList legal = state_->legal_actions();
    const bool listed = std::find(legal.begin(), legal.end(), A(text)) != legal.end();
    EXPECT_EQ(listed, Why(text).empty()) << text << ": " << Why(text);
    return listed;
  }
  // Applies the action (a failure, and nothing applied, when it is illegal) and returns its
  // events, which are also added to events_.
  EventList Do(const std::string& text) {
    EventList events;
    const Action a = A(text);
    const std::string why = state_->why_illegal(a);
    if (!why.empty()) {
      ADD_FAILURE() << text << ": " << why;
      return events;
    }
    state_->apply(a, &events);
    events_.insert(events_.end(), events.begin(), events.end());
    return events;
  }
  int U(const std::string& id) const { return game_->unit_index(id); }
  Field At(const std::string& id) const { return state_->field_of(U(id)); }
  static bool Mentions(const EventList& events, const std::string& what, bool german = false) {
    for (const Event& e : events)
      if ((german ? e.text_de : e.text).find(what) != std::string::npos) return true;
    return false;
  }

  std::unique_ptr<Situation> situation_;
  std::unique_ptr<PlanspielGame> game_;
  std::unique_ptr<PlanspielState> state_;
  EventList events_;
};

}  // namespace feldherr::planspiel::testing
