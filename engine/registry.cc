#include "engine/registry.h"

#include <fmt/format.h>

namespace feldherr {

void Registry::add(GameModule module) {
  modules_.push_back(std::move(module));
}

const GameModule* Registry::find(std::string_view game_id) const {
  for (const auto& m : modules_)
    if (m.id == game_id) return &m;
  return nullptr;
}

Options Registry::resolve_options(const GameModule& module, const Options& user) const {
  for (const auto& [name, value] : user) {
    bool known = false;
    for (const auto& spec : module.options) known = known || spec.name == name;
    if (!known) {
      std::string names;
      for (const auto& spec : module.options) names += (names.empty() ? "" : ", ") + spec.name;
      throw UsageError(fmt::format("unknown option '{}' for {} (options: {})", name, module.id,
                                   names.empty() ? "none" : names));
    }
  }
  Options resolved;
  for (const auto& spec : module.options) {
    std::string value = spec.default_value;
    int given = 0;
    for (const auto& [name, v] : user)
      if (name == spec.name) value = v, ++given;
    if (given > 1) throw UsageError(fmt::format("option '{}' given more than once", spec.name));
    if (spec.validate != nullptr) {
      if (std::string why = spec.validate(value); !why.empty())
        throw UsageError(fmt::format("bad value '{}' for option '{}': {}", value, spec.name, why));
    }
    resolved.emplace_back(spec.name, value);
  }
  return resolved;
}

std::shared_ptr<const Game> Registry::create(std::string_view game_and_scenario,
                                             const Options& user_options) const {
  auto slash = game_and_scenario.find('/');
  std::string_view game_id = game_and_scenario.substr(0, slash);
  const GameModule* module = find(game_id);
  if (module == nullptr)
    throw UsageError(fmt::format("unknown game '{}' (see 'feldherr list')", game_id));
  if (module->scenarios.empty())
    throw UsageError(fmt::format("{} has no playable scenario yet (see 'feldherr list')", game_id));
  std::string_view scenario;
  if (slash == std::string_view::npos) {
    if (module->scenarios.size() != 1)
      throw UsageError(
          fmt::format("{} has several scenarios: name one as {}/SCENARIO", game_id, game_id));
    scenario = module->scenarios.front().id;
  } else {
    scenario = game_and_scenario.substr(slash + 1);
  }
  bool known = false;
  for (const auto& s : module->scenarios) known = known || s.id == scenario;
  if (!known && module->unavailable) {
    if (const Text why = module->unavailable(scenario); !why.en.empty())
      throw UsageError(say("{0}/{1} is not playable: {2}", "{0}/{1} ist nicht spielbar: {3}",
                           game_id, scenario, why.en, why.in(Lang::kDe)));
  }
  if (!known)
    throw UsageError(
        fmt::format("unknown scenario '{}/{}' (see 'feldherr list')", game_id, scenario));
  return module->create(scenario, resolve_options(*module, user_options));
}

std::shared_ptr<const Game> Registry::create_for_log(std::string_view game_and_scenario,
                                                     Options options,
                                                     std::string_view rules_version) const {
  const GameModule* module = find(game_and_scenario.substr(0, game_and_scenario.find('/')));
  if (module != nullptr && module->log_options) module->log_options(rules_version, options);
  return create(game_and_scenario, options);
}

}  // namespace feldherr
