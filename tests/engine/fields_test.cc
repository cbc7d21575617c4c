// Field lists (engine/fields.h): one list gives the JSON form, the loading with errors that name
// the place, and the hash.
#include "engine/fields.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace feldherr {
namespace {

using ::testing::StartsWith;

enum class Colour : uint8_t { kRed, kBlue };

struct Piece {
  int8_t x = 0;
  uint16_t id = 0;
  static constexpr bool kFieldsAsArray = true;
  template <class S, class V>
  static void field_list(S& s, V& v) {
    v("x", s.x)("id", s.id);
  }
  friend bool operator==(const Piece&, const Piece&) = default;
};

struct Note {
  std::string text;
  bool seen = false;
  template <class S, class V>
  static void field_list(S& s, V& v) {
    v("text", s.text)("seen", s.seen);
  }
  friend bool operator==(const Note&, const Note&) = default;
};

struct Position {
  int round = 1;
  Colour colour = Colour::kRed;
  std::array<int8_t, 3> track{};
  std::vector<Piece> pieces;
  std::vector<std::pair<int, int>> smoke;
  PerSeat<int> vp{};
  Note note;
  int lo = 0, hi = 0;
  int die = 1;
  template <class S, class V>
  static void field_list(S& s, V& v) {
    v("round", s.round)("colour", s.colour)("track", s.track);
    v("pieces", s.pieces)("smoke", s.smoke)("vp", s.vp)("note", s.note);
    v.group("range", s.lo, s.hi);
    v("die", s.die, 1, 6);
  }
  friend bool operator==(const Position&, const Position&) = default;
};

Position Sample() {
  Position p;
  p.round = 3;
  p.colour = Colour::kBlue;
  p.track = {-1, 0, 5};
  p.pieces = {{2, 300}, {-4, 7}};
  p.smoke = {{4, 1}};
  p.vp[0] = 2;
  p.vp[1] = 9;
  p.note = {"ü", true};
  p.lo = 2;
  p.hi = 8;
  p.die = 6;
  return p;
}

TEST(Fields, TheJsonFormFollowsTheList) {
  const nlohmann::json j = fields_to_json(Sample());
  EXPECT_EQ(j, nlohmann::json::parse(R"({"round":3,"colour":1,"track":[-1,0,5],
      "pieces":[[2,300],[-4,7]],"smoke":[[4,1]],"vp":[2,9],"note":{"text":"ü","seen":true},
      "range":[2,8],"die":6})"));
}

TEST(Fields, LoadingRestoresWhatWasWritten) {
  Position back;
  fields_from_json(fields_to_json(Sample()), back);
  EXPECT_EQ(back, Sample());
}

std::string LoadError(const std::function<void(nlohmann::json&)>& spoil) {
  nlohmann::json j = fields_to_json(Sample());
  spoil(j);
  Position p;
  try {
    fields_from_json(j, p);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "accepted";
}

TEST(Fields, ALoadErrorNamesThePlaceAndWhatWasExpected) {
  EXPECT_EQ(LoadError([](auto& j) { j["pieces"][1][0] = 200; }),
            "$.pieces[1][0]: expected an integer in -128..127");
  EXPECT_EQ(LoadError([](auto& j) { j["pieces"][1][1] = -1; }),
            "$.pieces[1][1]: expected an integer in 0..65535");
  EXPECT_EQ(LoadError([](auto& j) { j.erase("note"); }), "$.note: missing");
  EXPECT_EQ(LoadError([](auto& j) { j["note"]["seen"] = 1; }),
            "$.note.seen: expected true or false");
  EXPECT_EQ(LoadError([](auto& j) { j["track"] = {1, 2}; }), "$.track: expected an array of 3");
  EXPECT_EQ(LoadError([](auto& j) { j["pieces"][0] = {1}; }),
            "$.pieces[0]: expected an array of 2");
  EXPECT_EQ(LoadError([](auto& j) { j["range"] = 4; }), "$.range: expected an array of 2");
  EXPECT_EQ(LoadError([](auto& j) { j["round"] = "3"; }),
            "$.round: expected an integer in -2147483648..2147483647");
  EXPECT_EQ(LoadError([](auto& j) { j["die"] = 7; }), "$.die: expected an integer in 1..6");
  EXPECT_EQ(LoadError([](auto& j) { j = nlohmann::json::array(); }), "$: expected an object");
}

// The text is what nlohmann writes for the tree: members in key order, no blanks, UTF-8 as is.
TEST(Fields, TheJsonTextIsTheDumpOfTheJsonForm) {
  std::string text;
  fields_json_text(Sample(), text);
  EXPECT_EQ(text, fields_to_json(Sample()).dump());
  Position empty;
  text.clear();
  fields_json_text(empty, text);
  EXPECT_EQ(text, fields_to_json(empty).dump());
}

// The hash is the documented sequence of words: what a game's stored hashes rely on.
TEST(Fields, TheHashAddsEachValueInListOrder) {
  const Position p = Sample();
  Hasher expected;
  expected.add_signed(3).add(1);                                 // round, colour
  expected.add_signed(-1).add_signed(0).add_signed(5);           // track: no length
  expected.add(2).add_signed(2).add(300).add_signed(-4).add(7);  // pieces: length first
  expected.add(1).add_signed(4).add_signed(1);                   // smoke
  expected.add_signed(2).add_signed(9);                          // vp
  expected.add(std::string_view("ü")).add(1);                    // note
  expected.add_signed(2).add_signed(8).add_signed(6);            // range, die
  Hasher h;
  EXPECT_EQ(fields_hash(h, p).value(), expected.value());
}

TEST(Fields, TheHashSeesEveryField) {
  const auto hash = [](const Position& p) {
    Hasher h;
    return fields_hash(h, p).value();
  };
  const uint64_t base = hash(Sample());
  std::vector<std::function<void(Position&)>> changes = {
      [](Position& p) { p.round++; },
      [](Position& p) { p.colour = Colour::kRed; },
      [](Position& p) { p.track[2] = 4; },
      [](Position& p) { p.pieces[1].id = 8; },
      [](Position& p) { p.pieces.pop_back(); },
      [](Position& p) { p.smoke.clear(); },
      [](Position& p) { p.vp[1] = 8; },
      [](Position& p) { p.note.seen = false; },
      [](Position& p) { p.hi = 9; },
      [](Position& p) { p.die = 5; }};
  for (size_t i = 0; i < changes.size(); ++i) {
    Position p = Sample();
    changes[i](p);
    EXPECT_NE(hash(p), base) << "change " << i;
  }
}

}  // namespace
}  // namespace feldherr
