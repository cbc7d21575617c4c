// `feldherr odds` (docs/cli.md): exact outcome distributions of one combat before it is made.
// `odds log` takes an action in a position of a replay log and asks its game (GameModule::odds,
// else engine/roll_odds.h); `odds <game> <combat> ...` are the games' own commands
// (GameModule::odds_command), which describe a combat by its numbers and print its odds.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "cli/commands.h"
#include "engine/errors.h"
#include "engine/odds_text.h"
#include "engine/roll_odds.h"

namespace feldherr::cli {

namespace {

// `odds log` for an action whose game gives no odds of its own (the outcomes of the roll it
// causes) or whose game answers with a list of outcomes (engine/roll_odds.h), exact or sampled
// (then with the runs and a 95 % interval per outcome, said plainly).
int NextRollOdds(const OddsArgs& a, const LogPosition& pos, const State& state,
                 const Action& action, nlohmann::json r, Streams& io) {
  r["game"] = std::string(pos.game->id());
  r["position"] = {{"log", a.log_file}, {"after_actions", pos.actions}};
  r["action"] = state.describe(action);
  if (r["exact"] == true) r["method"] = "exact enumeration";
  if (a.json) {
    io.out << r.dump(2) << '\n';
    return kExitOk;
  }
  io.out << fmt::format("{}/{} after {} actions of {}: {}\n", pos.game->id(), pos.game->scenario(),
                        pos.actions, a.log_file, state.describe(action));
  const bool exact = r["exact"] == true;
  const bool whole = r["kind"] == "whole-roll";  // a game's odds of a whole attack
  if (!whole)
    io.out << "the roll it causes: " << r.value("prompt", std::string()) << '\n';
  else if (exact)
    io.out << r.value("summary", std::string()) << '\n';
  io.out << (!exact  ? r.value("summary", std::string())
             : whole ? "exact: every die and card of it enumerated (no sampling)"
                     : "exact: every outcome enumerated (no sampling)")
         << "\n\n";
  size_t w = 7;
  for (const auto& o : r["outcomes"]) w = std::max(w, o["text"].get<std::string>().size());
  io.out << fmt::format("{:<{}}  probability{}\n", "outcome", w, exact ? "" : "  95 % interval");
  for (const auto& o : r["outcomes"]) {
    io.out << fmt::format("{:<{}}  {:>11}", o["text"].get<std::string>(), w,
                          odds_probability(o["p"].get<double>()));
    if (o.contains("ci"))
      io.out << fmt::format("  {}..{}", odds_probability(o["ci"][0].get<double>()),
                            odds_probability(o["ci"][1].get<double>()));
    io.out << '\n';
  }
  return kExitOk;
}

// `odds log FILE --action TEXT [--at N]`: the position after N actions of a replay log and one
// of its legal actions; the game module's exact odds (GameModule::odds; docs/cli.md says what
// each game covers).
int LogOdds(const OddsArgs& a, const Registry& registry, Streams& io) {
  LogPosition pos = position_from_log(registry, a.log_file, a.at);
  if (!pos.replay.warning.empty()) io.err << "warning: " << pos.replay.warning << '\n';
  const State& state = *pos.state;
  if (state.is_terminal()) throw UsageError("the position is the end of the game: no action");
  Action action;
  std::string error;
  if (!state.parse(a.action, action, error))
    throw UsageError(
        fmt::format("cannot read action \"{}\": {}", clip_text(a.action), clip_text(error)));
  if (std::string why = state.why_illegal(action); !why.empty())
    throw UsageError(fmt::format("\"{}\" is not legal after action {}: {}", clip_text(a.action),
                                 pos.actions, clip_text(why)));
  nlohmann::json o = pos.module && pos.module->odds ? pos.module->odds(state, action) : nullptr;
  if (o.is_null()) {
    // No combat odds of the game's own: the roll the action causes (engine/roll_odds.h).
    nlohmann::json r = next_roll_odds(state, action);
    if (r.is_null())
      throw UsageError(
          fmt::format("\"{}\" causes no roll and {} has no odds for it (docs/cli.md "
                      "\"odds log\")",
                      state.describe(action), pos.game->id()));
    return NextRollOdds(a, pos, state, action, r, io);
  }
  if (o.contains("outcomes")) return NextRollOdds(a, pos, state, action, o, io);
  if (o.contains("net_hits") && o["net_hits"].is_array())
    o["net_hits"] = distribution_json(o["net_hits"].get<std::vector<double>>());
  if (o.contains("hits") && o["hits"].is_array())
    o["hits"] = distribution_json(o["hits"].get<std::vector<double>>());
  std::vector<double> strike_back;  // a melee: the struck unit striking back
  if (o.contains("strike_back") && o["strike_back"].is_array()) {
    strike_back = o["strike_back"].get<std::vector<double>>();
    o["strike_back"] = distribution_json(strike_back);
  }
  if (o.contains("result")) o["results"] = o["result"];
  o.erase("result");
  o["game"] = std::string(pos.game->id());
  o["position"] = {{"log", a.log_file}, {"after_actions", pos.actions}};
  o["action"] = state.describe(action);
  o["method"] = "exact enumeration";
  if (a.json) {
    io.out << o.dump(2) << '\n';
    return kExitOk;
  }
  io.out << fmt::format("{}/{} after {} actions of {}: {}\n", pos.game->id(), pos.game->scenario(),
                        pos.actions, a.log_file, state.describe(action));
  io.out << o.value("summary", std::string()) << '\n';
  io.out << "exact: every outcome of the dice enumerated (no sampling)\n\n";
  if (o.contains("net_hits")) {
    std::vector<double> p;
    for (size_t k = 0; o["net_hits"].contains(std::to_string(k)); ++k)
      p.push_back(o["net_hits"][std::to_string(k)].get<double>());
    print_distribution(io.out, "net hits", p);
    io.out << '\n';
  }
  if (!strike_back.empty()) {
    print_distribution(io.out, "strike back", strike_back);
    io.out << '\n';
  }
  auto print_results = [&](const std::string& who, const nlohmann::json& r) {
    size_t w = 12;  // the longest result name ("defenders-eliminated")
    for (const auto& [name, q] : r.items()) w = std::max(w, name.size());
    io.out << fmt::format("{:<{}}  probability{}\n", "result", w,
                          who.empty() ? "" : "  (" + who + ")");
    for (const auto& [name, q] : r.items())
      io.out << fmt::format("{:<{}}  {:>11}\n", name, w, odds_probability(q));
  };
  if (o.contains("results")) print_results("", o["results"]);
  if (o.contains("units"))
    for (const auto& [unit, r] : o["units"].items()) print_results(unit, r);
  return kExitOk;
}

}  // namespace

CLI::App* add_odds_command(CLI::App& app, OddsArgs& a, const Registry& registry,
                           bool with_product_games) {
  CLI::App* odds = app.add_subcommand(
      "odds", "Exact odds of a combat before making it (by game), or of an action in a log");
  // The games of `registry`, then those of the product it lacks: a game's odds command needs no
  // game of the registry, only the game's shipped data.
  std::vector<const GameModule*> modules;
  for (const GameModule& m : registry.modules()) modules.push_back(&m);
  if (with_product_games) {
    for (const GameModule& m : all_games().modules())
      if (registry.find(m.id) == nullptr) modules.push_back(&m);
  }
  for (const GameModule* m : modules) {
    if (!m->odds_command.add) continue;
    CLI::App* command = odds->add_subcommand(m->id, m->odds_command.help);
    a.games.push_back({command, m->odds_command.add(*command)});
  }
  CLI::App* log = odds->add_subcommand(
      "log", "Odds of an action in a position of a replay log (the end, or after --at N actions)");
  log->callback([&a] { a.command = "log"; });
  log->add_option("file", a.log_file, "Replay log (feldherr play --log, or a server game's log)")
      ->required()
      ->check(CLI::ExistingFile);
  log->add_option("--action", a.action, "The action, as the game writes it (e.g. \"fire X Y\")")
      ->required()
      ->type_name("TEXT");
  log->add_option("--at", a.at, "Replay only the first N actions of the log (default: all)")
      ->type_name("N")
      ->check(CLI::NonNegativeNumber);
  log->add_flag("--json", a.json, "Print the distributions as JSON");

  return odds;
}

int cmd_odds(const OddsArgs& args, const Registry& registry, Streams& io) {
  if (args.command == "log") return LogOdds(args, registry, io);
  std::vector<std::string> combats;
  for (const OddsArgs::GameCommand& g : args.games) {
    if (g.command->parsed() && !g.command->get_subcommands().empty()) {
      g.run(g.command->get_subcommands().front()->get_name(), io.out);
      return kExitOk;
    }
    for (const CLI::App* c : g.command->get_subcommands([](const CLI::App*) { return true; }))
      combats.push_back(g.command->get_name() + " " + c->get_name());
  }
  if (combats.empty()) throw UsageError("odds: give log FILE --action TEXT (see --help)");
  std::string list;
  for (size_t i = 0; i < combats.size(); ++i)
    list += (i == 0 ? "" : i + 1 == combats.size() ? " or " : ", ") + combats[i];
  throw UsageError("odds: give a combat: " + list + " (see --help)");
}

}  // namespace feldherr::cli
