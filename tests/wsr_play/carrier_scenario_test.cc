// Platoons that a scenario starts loaded in a separate carrier (`loaded = true` on a force unit,
// WSR 5.2, [REC] A-38; docs/wsr-scenarios.md "Format"): they are not placed or entered
// themselves but come on with their carrier, which counts them for stacking (WSR 1.4).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/conformance.h"
#include "engine/player.h"
#include "engine/registry.h"
#include "games/wsr/scenario.h"
#include "tests/wsr_play/wsr_play_util.h"

namespace feldherr::wsr::testing {
namespace {

using ::testing::HasSubstr;
namespace fs = std::filesystem;

// A shipped scenario with `from` replaced by `to`, loaded from a temporary copy.
std::shared_ptr<const WsrGame> EditedScenario(const std::string& id, const std::string& from,
                                              const std::string& to) {
  const fs::path src = fs::path(FELDHERR_SOURCE_DIR) / "data/wsr/scenarios" / (id + ".toml");
  std::ifstream in(src, std::ios::binary);
  std::stringstream buf;
  buf << in.rdbuf();
  std::string text = buf.str();
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  text.replace(at, from.size(), to);
  const fs::path dir =
      fs::temp_directory_path() /
      ("wsr_loaded_" +
       std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
  fs::create_directories(dir);
  const fs::path p = dir / (id + ".toml");
  std::ofstream(p, std::ios::binary) << text;
  auto sc = std::make_shared<const Scenario>(LoadScenario(p.string(), ShippedData()));
  fs::remove_all(dir);
  return MakeScenarioGame(ShippedData(), sc);
}

// B1 Noville with a truck from the US pool in the 507th's force and one paratrooper loaded.
std::shared_ptr<const WsrGame> NovilleWithTruck() {
  return EditedScenario("noville", "{ counter = \"us.paratroopers\", count = 2 },",
                        "{ counter = \"us.paratroopers\", loaded = true },\n"
                        "  { counter = \"us.paratroopers\" },\n"
                        "  { counter = \"us.truck\", attached = true, from = \"pool\" },");
}

TEST(WsrLoadedAtStart, A_38_LoadedPlatoonIsSetUpWithItsCarrier) {
  Play p(NovilleWithTruck());
  const int para = p.unit("us.paratroopers-1"), truck = p.unit("us.truck");
  EXPECT_EQ(p.s().carrier_of(para), truck);
  EXPECT_TRUE(p.s().has(para, kOffMap));
  // The loaded platoon is skipped in the setup order and refused by name.
  EXPECT_EQ(p.s().setup_next_unit(p.seat("us")), p.unit("us.paratroopers-2"));
  EXPECT_THAT(p.why("place us.paratroopers-1 A-K08"), HasSubstr("Paratroopers 1 rides in Truck"));
  EXPECT_THAT(p.why("place us.paratroopers-1 A-K08"), HasSubstr("A-38"));
  p.act("place A-K08");  // us.paratroopers-2; the truck is next in file order
  ASSERT_EQ(p.s().setup_next_unit(p.seat("us")), truck);
  // WSR 1.4: the truck and its passenger are two counters; A-K08 holds one already.
  EXPECT_THAT(p.why("place us.truck A-K08"), HasSubstr("WSR 1.4"));
  const Zone* z = p.game->setup().scenario_data->FindZone("507-setup");
  std::string free_hex;
  for (int h : z->hexes) {
    const std::string name = p.game->layout().Name(h);
    if (p.why("place us.truck " + name).empty()) {
      free_hex = name;
      break;
    }
  }
  ASSERT_FALSE(free_hex.empty());
  p.act("place us.truck " + free_hex);
  EXPECT_EQ(p.s().unit(para).hex, p.hex(free_hex.c_str()));
  EXPECT_FALSE(p.s().has(para, kOffMap));
  EXPECT_EQ(p.s().carrier_of(para), truck);
  EXPECT_EQ(p.s().unit(para).start_hex, p.s().unit(truck).start_hex);
}

// A1 Chaumont with a truck and a loaded infantry platoon in the CCA's turn-1 force.
std::shared_ptr<const WsrGame> ChaumontWithTruck() {
  return EditedScenario(
      "chaumont", "{ counter = \"us.mech-infantry\", count = 5, mounted = true },",
      "{ counter = \"us.mech-infantry\", count = 5, mounted = true },\n"
      "  { counter = \"us.truck\", attached = true, from = \"pool\" },\n"
      "  { counter = \"us.infantry\", attached = true, from = \"pool\", loaded = true },");
}

// The platoon never enters by itself, and it is on the map in the truck's hex from the truck's
// entry on.
TEST(WsrLoadedAtStart, A_38_LoadedPlatoonEntersWithItsCarrier) {
  auto game = ChaumontWithTruck();
  int entered = 0;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    Play p(game);
    const int inf = p.unit("us.infantry"), truck = p.unit("us.truck");
    RandomPlayer player(seed);
    Rng rng(seed);
    for (int n = 0; n < 20000 && !p.state->is_terminal(); ++n) {
      if (p.s().on_map(truck)) break;
      ASSERT_TRUE(p.s().has(inf, kOffMap));
      for (const Action& a : p.state->legal_actions())
        ASSERT_EQ(p.state->describe(a).find("us.infantry"), std::string::npos)
            << p.state->describe(a);
      const Action a = p.state->current_seat() == kChance ? p.state->sample_chance(rng)
                                                          : player.choose(*p.state);
      p.state->apply(a, nullptr);
    }
    if (!p.s().on_map(truck)) continue;
    ++entered;
    EXPECT_EQ(p.s().unit(inf).hex, p.s().unit(truck).hex) << seed;
    EXPECT_TRUE(p.s().on_map(inf)) << seed;
    EXPECT_EQ(p.s().carrier_of(inf), truck) << seed;
  }
  EXPECT_GT(entered, 0);
}

// Random games of both edited scenarios keep the state contract and the module invariant (which
// checks every passenger against its carrier, carrier.cc `carrier_invariant`).
TEST(WsrLoadedAtStart, A_38_RandomGamesWithLoadedPlatoonsKeepTheStateContract) {
  for (const auto& game : {NovilleWithTruck(), ChaumontWithTruck()}) {
    ConformanceOptions o;
    o.games = 4;
    o.seed = 38;
    o.odds = all_games().find("wsr")->odds;
    o.max_actions = 40000;
    o.check_stride = 7;
    o.invariant = all_games().find("wsr")->invariant;
    ConformanceReport r = run_conformance(*game, o);
    for (const auto& f : r.failures) ADD_FAILURE() << f;
    EXPECT_EQ(r.terminated, o.games);
  }
}

}  // namespace
}  // namespace feldherr::wsr::testing
