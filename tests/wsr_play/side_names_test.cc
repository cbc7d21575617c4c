// The texts a player reads name a side as a player says it ("The Americans place ...", "die
// Deutschen erhalten ..."), never by its seat id ("us", "de", "uk"), which is for typing (`--seat`)
// and the machine forms (Result::summary); and they name units, support weapons, aircraft and
// formations by name ("M4A1 Sherman 2", "Kampfgruppe Beck"), never by id ("us.m4a1-2", "de.beck"),
// which is for typing actions, nor by a data file's id ("'beck-second-element'", "beck-setup"): the
// prompts, the log's events, the refusals, the text board and the end of random games, in English
// and German, as each seat and a spectator read them.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "engine/player.h"
#include "engine/session.h"
#include "tests/id_words.h"
#include "tests/wsr_play/wsr_play_util.h"

namespace feldherr::wsr::testing {
namespace {

// The seat id that `text` names as a word ("us", "de", "uk"), "" when none (tests/id_words.h).
std::string WsrSideIdWordIn(const std::string& text) {
  return feldherr::test_util::IdWordIn(text, {"us", "de", "uk"});
}

// The id of a unit, support weapon, aircraft or formation that `text` names as a word
// ("us.m4a1-2", "de.beck": a side's id, a dot, a lower-case letter or digit), "" when none.
std::string WsrUnitIdWordIn(const std::string& text) {
  auto lower = [](char c) { return c >= 'a' && c <= 'z'; };
  for (size_t i = 0; i + 3 < text.size(); ++i) {
    const bool starts = i == 0 || !(std::isalnum(static_cast<unsigned char>(text[i - 1])) != 0 ||
                                    text[i - 1] == '.' || text[i - 1] == '-' || text[i - 1] == '_');
    if (!starts || !lower(text[i]) || !lower(text[i + 1]) || text[i + 2] != '.') continue;
    if (!lower(text[i + 3]) && std::isdigit(static_cast<unsigned char>(text[i + 3])) == 0) continue;
    size_t j = i + 3;
    while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) != 0 ||
                               text[j] == '-' || text[j] == '_'))
      ++j;
    return text.substr(i, j - i);
  }
  return "";
}

// A data file's id quoted in `text` ("'beck-second-element'": lower-case letters, digits and
// at least one hyphen between single quotes), "" when none.
std::string WsrQuotedIdIn(const std::string& text) {
  for (size_t i = text.find('\''); i != std::string::npos; i = text.find('\'', i + 1)) {
    size_t j = i + 1;
    bool hyphen = false;
    while (j < text.size() &&
           ((text[j] >= 'a' && text[j] <= 'z') ||
            std::isdigit(static_cast<unsigned char>(text[j])) != 0 || text[j] == '-')) {
      hyphen = hyphen || text[j] == '-';
      ++j;
    }
    if (hyphen && j < text.size() && text[j] == '\'') return text.substr(i, j + 1 - i);
  }
  return "";
}

// The texts that name a side, a unit or a formation by its id, each once with where it was first
// read; and how many texts were read.
struct WsrSideIdTexts {
  std::map<std::string, std::string> found;  // text -> where
  size_t read = 0;
  // The data ids of the scenario being read that have a hyphen: its zones and special rules.
  std::vector<std::string> data_ids;
  void check(const std::string& where, const std::string& text) {
    ++read;
    std::string id = WsrSideIdWordIn(text);
    if (id.empty()) id = WsrUnitIdWordIn(text);
    if (id.empty()) id = WsrQuotedIdIn(text);
    if (id.empty()) id = feldherr::test_util::IdWordIn(text, data_ids);
    // An artillery strike's typed form ("he-34"; it reads "HE 3@4").
    for (size_t i = text.find("he-"); id.empty() && i != std::string::npos;
         i = text.find("he-", i + 1))
      if ((i == 0 || std::isalnum(static_cast<unsigned char>(text[i - 1])) == 0) &&
          i + 5 <= text.size() && std::isdigit(static_cast<unsigned char>(text[i + 3])) != 0 &&
          std::isdigit(static_cast<unsigned char>(text[i + 4])) != 0)
        id = text.substr(i, 5);
    if (!id.empty()) found.emplace(text, where + " names \"" + id + "\"");
  }
  void check(const std::string& where, const Text& text) {
    check(where + " (en)", text.en);
    check(where + " (de)", text.de);
  }
};

// A random game of `scenario` to its end (or `max_actions`), reading what every viewer reads.
// Refusals: the actions legal at an earlier decision, asked again now (a few a step).
void WsrReadRandomGame(const std::string& scenario, const WsrOptions& options, uint64_t seed,
                       int max_actions, WsrSideIdTexts& seen) {
  const auto data = LoadShippedScenario(scenario);
  seen.data_ids.clear();
  for (const Zone& z : data->zones)
    if (z.id.find('-') != std::string::npos) seen.data_ids.push_back(z.id);
  for (const SpecialRule& r : data->special_rules)
    if (r.id.find('-') != std::string::npos) seen.data_ids.push_back(r.id);
  Session session(MakeScenarioGame(ShippedData(), data, options));
  Rng rng(seed);
  RandomPlayer random(seed);
  std::vector<Action> earlier;
  EventList events;
  const int viewers[] = {0, 1, kObserver};
  for (int n = 0; n < max_actions && !session.state().is_terminal(); ++n) {
    const State& st = session.state();
    const std::string at =
        scenario + " seed " + std::to_string(seed) + " action " + std::to_string(n);
    for (int v : viewers) {
      const feldherr::Decision d = st.decision_for(v);
      seen.check(at + " prompt", Text{d.prompt_in(Lang::kEn), d.prompt_in(Lang::kDe)});
    }
    if (n % 200 == 0)  // the text board (WSR shows every viewer the same)
      seen.check(at + " board",
                 Text{st.render_text_in(0, Lang::kEn), st.render_text_in(0, Lang::kDe)});
    for (int k = 0; k < 3 && !earlier.empty(); ++k) {
      const Action& a = earlier[rng.below(static_cast<uint32_t>(earlier.size()))];
      seen.check(at + " refusal of " + st.describe(a), st.why_illegal_text(a));
    }
    events.clear();
    if (st.current_seat() == kChance) {
      session.roll(rng, &events);
    } else {
      const ActionList legal = st.legal_actions();
      for (size_t k = 0; k < legal.size() && k < 8; ++k)
        earlier.push_back(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
      if (earlier.size() > 200) earlier.erase(earlier.begin(), earlier.end() - 100);
      ASSERT_EQ(session.act(random.choose(st), &events), "") << at;
    }
    for (const Event& e : events)
      for (int v : viewers)
        seen.check(at + " event [" + e.rule + "]",
                   Text{event_text(e, v, Lang::kEn), event_text(e, v, Lang::kDe)});
  }
  if (session.state().is_terminal()) {
    const Result r = session.state().result();
    seen.check(scenario + " result headline", r.headline);
    seen.check(scenario + " result reason", Text{r.reason, r.reason_de});
  }
}

// WSR 2.0 (setup), 3.2.1 (withheld end-turn marker), 8.2.1 (mines), 9.0 (chaos), 10.0 (fate
// points), 11.2 (artillery), 11.3 (aircraft), 11.4 (support weapons placed on first fire), 12.2
// (victory): the side that sets up, gains, spends, picks, calls or wins is named in words in
// both languages, in a random game of every shipped scenario (US, British and Germans) with the
// rules' options off and one with chaos and 11.4 on.
TEST(WsrSideNames, WSR2_0_WSR10_0_WSR12_2_PromptsLogRefusalsAndResultNameSidesAndUnitsNotIds) {
  WsrSideIdTexts seen;
  std::vector<std::string> scenarios;
  for (const auto& f : std::filesystem::directory_iterator(std::string(FELDHERR_SOURCE_DIR) +
                                                           "/data/wsr/scenarios"))
    if (f.path().extension() == ".toml") scenarios.push_back(f.path().stem().string());
  std::sort(scenarios.begin(), scenarios.end());
  ASSERT_GE(scenarios.size(), 10u);
  WsrOptions options;
  for (const std::string& scenario : scenarios) WsrReadRandomGame(scenario, options, 1, 6000, seen);
  options.chaos_variation = true;
  options.sw_on_first_fire = true;
  for (const std::string& scenario : scenarios) WsrReadRandomGame(scenario, options, 2, 6000, seen);
  for (const auto& [text, where] : seen.found) ADD_FAILURE() << where << ": " << text;
  EXPECT_EQ(seen.found.size(), 0u);
  EXPECT_GT(seen.read, 200000u);  // the games were played
}

// The checks themselves: ids that begin with a side's id are not the side's id; a unit's or a
// formation's id is a side's id, a dot and more.
TEST(WsrSideNames, ASideIdIsAWordOfItsOwnNotThePrefixOfAUnitOrZoneId) {
  EXPECT_EQ(WsrSideIdWordIn("us places a mine in A-H09."), "us");
  EXPECT_EQ(WsrSideIdWordIn("Chaos: de erhält 2 Schicksalspunkte."), "de");
  EXPECT_EQ(WsrSideIdWordIn("the artillery strikes of uk."), "uk");
  EXPECT_EQ(WsrSideIdWordIn("us's artillery"), "us");
  EXPECT_EQ(WsrSideIdWordIn("The Americans place us.paratroopers-1 in us-setup (draw de.kg-1)."),
            "");
  EXPECT_EQ(WsrSideIdWordIn("Die Deutschen erhalten 2 Schicksalspunkte."), "");
  EXPECT_EQ(WsrUnitIdWordIn("The Americans place us.paratroopers-1 in us-setup."),
            "us.paratroopers-1");
  EXPECT_EQ(WsrUnitIdWordIn("Marker gezogen: de.beck."), "de.beck");
  EXPECT_EQ(WsrUnitIdWordIn("The Americans place Paratroopers 1 in us-setup (WSR 2.0)."), "");
  EXPECT_EQ(WsrUnitIdWordIn("docs/wsr-data.md, 507. Paratroops"), "");
}

}  // namespace
}  // namespace feldherr::wsr::testing
