// White Star Rising: victory conditions (WSR 12.2 control, A-34; scenario [victory]).
#include "games/wsr/victory.h"

#include <algorithm>

#include "games/wsr/side_words.h"

namespace feldherr::wsr {

namespace {

const Scenario& Sc(const WsrState& s) {
  return *s.wgame().setup().scenario_data;
}

// The side's seat id: the machine form of the result ("us wins") and of the scoring.
std::string SideId(const WsrState& s, int side) {
  return s.wgame().seats()[static_cast<size_t>(side)];
}

// A victory grade in the German rulebook's words: "decisive" reads "deutlicher Sieg".
std::string GradeDe(const std::string& grade) {
  if (grade == "decisive") return "deutlicher Sieg";
  if (grade == "marginal") return "knapper Sieg";
  if (grade == "tactical") return "taktischer Sieg";
  return grade;
}

// A score event in German: what a side scores points for.
std::string ScoreEventDe(ScoreEvent e) {
  switch (e) {
    case ScoreEvent::kEliminated:
      return "eliminierte Einheiten";
    case ScoreEvent::kControlledAll:
      return "die Kontrolle von";
    case ScoreEvent::kControlledHex:
      return "kontrollierte Felder von";
    case ScoreEvent::kExited:
      return "vom Spielplan gebrachte Einheiten über";
  }
  return "";
}

// The side in an English sentence, with the plural verb: "the Americans", "the Germans".
std::string SideNameEn(const WsrState& s, int side) {
  return SideWordsOf(s.wgame(), side).en;
}

// The side in a German sentence, with the plural verb: "die Amerikaner", "die Deutschen".
std::string SideNameDe(const WsrState& s, int side) {
  return SideWordsOf(s.wgame(), side).de;
}

// A zone as a sentence names it: the scenario's words in quotes, in English or German ("of “all
// hexes of Ste Jeanne”", "von „alle Felder von Ste Jeanne“"); its id only where it has none.
std::string ZoneNameIn(const Zone* z, const std::string& id, Lang lang) {
  if (z == nullptr) return id;
  const std::string& text = z->text.in(lang);
  if (text.empty()) return z->id;
  return lang == Lang::kDe ? "„" + text + "“" : "“" + text + "”";
}
std::string ZoneName(const Zone* z, const std::string& id) {
  return ZoneNameIn(z, id, Lang::kEn);
}
std::string ZoneNameDe(const Zone* z, const std::string& id) {
  return ZoneNameIn(z, id, Lang::kDe);
}

// Eliminated (WSR 6.1.7): gone from the map, except an SHQ removed for good to replace its HQ
// (WSR 1.3.2.3), which was not eliminated.
bool Eliminated(const WsrState& s, int u) {
  if (!s.has(u, kGone) || s.has(u, kExited)) return false;  // G-12: exited is not eliminated
  if (s.info(u).shq && s.has(u, kPermanent)) {
    const int hq = s.wgame().formation(s.info(u).formation).hq;
    if (hq >= 0 && !s.has(hq, kPermanent)) return false;
  }
  return true;
}

// The unit filters of occupy/eliminate/survive: HQs, reduced units, counter types.
bool Counts(const WsrState& s, const Condition& c, int u) {
  if (!c.count_hq && s.info(u).hq) return false;
  if (!c.count_reduced && s.has(u, kReduced)) return false;
  if (!c.units.empty() &&
      std::find(c.units.begin(), c.units.end(), s.info(u).counter->id) == c.units.end())
    return false;
  return true;
}

// G-12: u has left the map from a hex of zone z (exit.cc).
bool ExitedFrom(const WsrState& s, int u, const Zone* z) {
  return s.has(u, kExited) && z != nullptr && z->Contains(s.exit_hex[static_cast<size_t>(u)]);
}

std::string Plural(int n, const char* what) {
  return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

// "1 Einheit", "3 Einheiten"; "1 feindliche Einheit", "3 feindliche Einheiten".
std::string EinheitenDe(int n, const char* adjective = "") {
  return std::to_string(n) + " " + adjective + (n == 1 ? "Einheit" : "Einheiten");
}

}  // namespace

bool ConditionHolds(const WsrState& s, const Condition& c, int side, Text* why) {
  const WsrGame& g = s.wgame();
  if (!c.by.empty()) {
    const int b = g.seat_index(c.by);
    if (b >= 0) side = b;
  }
  const std::string who = SideNameEn(s, side);
  const std::string wer = SideNameDe(s, side);
  const Zone* z = c.zone.empty() ? nullptr : Sc(s).FindZone(c.zone);
  auto say = [&](bool ok, Text text) {
    if (why) *why = std::move(text);
    return ok;
  };
  switch (c.kind) {
    case ConditionKind::kAll:
    case ConditionKind::kAny:
    case ConditionKind::kAtLeast: {
      const int need = c.kind == ConditionKind::kAll   ? static_cast<int>(c.children.size())
                       : c.kind == ConditionKind::kAny ? 1
                                                       : c.count;
      int held = 0;
      Text yes, no;
      for (const Condition& k : c.children) {
        Text w;
        const bool ok = ConditionHolds(s, k, side, &w);
        held += ok ? 1 : 0;
        Text& list = ok ? yes : no;
        list.en += (list.en.empty() ? "" : " and ") + w.en;
        list.de += (list.de.empty() ? "" : " und ") + w.de;
      }
      const bool ok = held >= need;
      if (c.kind == ConditionKind::kAtLeast)
        return say(ok, {std::to_string(held) + " of " + std::to_string(c.children.size()) +
                            " objectives met (at least " + std::to_string(need) + " needed)" +
                            (yes.en.empty() ? "" : ": " + yes.en),
                        std::to_string(held) + " von " + std::to_string(c.children.size()) +
                            " Zielen erreicht (mindestens " + std::to_string(need) + " nötig)" +
                            (yes.de.empty() ? "" : ": " + yes.de)});
      return say(ok, ok ? yes : no);
    }
    case ConditionKind::kNot: {
      Text w;
      const bool inner = !c.children.empty() && ConditionHolds(s, c.children[0], side, &w);
      return say(!inner, inner ? w : Text{"not: " + w.en, "nicht: " + w.de});
    }
    case ConditionKind::kControlAll:
    case ConditionKind::kControlCount: {  // WSR 12.2 (A-34: control as of the last MRP)
      if (z == nullptr) return say(false, {"unknown zone " + c.zone, "unbekannte Zone " + c.zone});
      int held = 0;
      std::string missing;  // every hex not held, so a player sees how close the side came
      for (int h : z->hexes) {
        if (s.controller(h) == side) {
          ++held;
        } else {
          missing += (missing.empty() ? "" : ", ") + s.hex_name(h);
        }
      }
      const int total = static_cast<int>(z->hexes.size());
      if (c.kind == ConditionKind::kControlCount)
        return say(held >= c.count,
                   {who + " control " + std::to_string(held) + " of " + std::to_string(total) +
                        " hexes of the zone " + ZoneName(z, c.zone) + " (needs " +
                        std::to_string(c.count) + ")",
                    wer + " kontrollieren " + std::to_string(held) + " von " +
                        std::to_string(total) + " Feldern der Zone " + ZoneNameDe(z, c.zone) +
                        " (nötig " + std::to_string(c.count) + ")"});
      if (held == total)
        return say(true,
                   {who + " control all " + std::to_string(total) +
                        (total == 1 ? " hex" : " hexes") + " of the zone " + ZoneName(z, c.zone),
                    wer + " kontrollieren " + (total == 1 ? "das Feld" : "alle ") +
                        (total == 1 ? "" : std::to_string(total) + " Felder") + " der Zone " +
                        ZoneNameDe(z, c.zone)});
      return say(
          false,
          {who + " do not control " + missing + " of the zone " + ZoneName(z, c.zone) + " (holds " +
               std::to_string(held) + " of " + std::to_string(total) + ")",
           wer + " kontrollieren " + missing + " der Zone " + ZoneNameDe(z, c.zone) +
               " nicht (halten " + std::to_string(held) + " von " + std::to_string(total) + ")"});
    }
    case ConditionKind::kOccupy: {
      if (z == nullptr) return say(false, {"unknown zone " + c.zone, "unbekannte Zone " + c.zone});
      int n = 0;
      for (int u = 0; u < s.n_units; ++u)
        if (s.on_map(u) && s.side_of(u) == side && z->Contains(s.unit(u).hex) && Counts(s, c, u))
          ++n;
      const int need = std::max(c.count, 1);
      return say(n >= need, {who + " have " + Plural(n, "unit") + " in the zone " +
                                 ZoneName(z, c.zone) + " (needs " + std::to_string(need) + ")",
                             wer + " haben " + EinheitenDe(n) + " in der Zone " +
                                 ZoneNameDe(z, c.zone) + " (nötig " + std::to_string(need) + ")"});
    }
    case ConditionKind::kEliminate: {
      int n = 0;
      for (int u = 0; u < s.n_units; ++u)
        if (s.side_of(u) != side && Eliminated(s, u) && Counts(s, c, u)) ++n;
      return say(n >= c.count, {who + " eliminated " + Plural(n, "enemy unit") + " (needs " +
                                    std::to_string(c.count) + ")",
                                wer + " haben " + EinheitenDe(n, "feindliche ") +
                                    " eliminiert (nötig " + std::to_string(c.count) + ")"});
    }
    case ConditionKind::kSurvive: {
      int n = 0;
      for (int u = 0; u < s.n_units; ++u)
        if (s.side_of(u) == side && !Eliminated(s, u) && !s.has(u, kPermanent) && Counts(s, c, u))
          ++n;
      return say(
          n >= c.count,
          {who + " have " + Plural(n, "unit") + " left (needs " + std::to_string(c.count) + ")",
           wer + " haben noch " + EinheitenDe(n) + " (nötig " + std::to_string(c.count) + ")"});
    }
    case ConditionKind::kExit: {  // G-12 (exit.cc); `weights`: A5 "M4 units count double"
      if (z == nullptr) return say(false, {"unknown zone " + c.zone, "unbekannte Zone " + c.zone});
      int n = 0;
      for (int u = 0; u < s.n_units; ++u) {
        if (s.side_of(u) != side || !ExitedFrom(s, u, z) || !Counts(s, c, u)) continue;
        int weight = 1;
        for (const auto& [counter, w] : c.weights)
          if (counter == s.info(u).counter->id) weight = w;
        n += weight;
      }
      const int need = std::max(c.count, 1);
      return say(n >= need, {who + " have exited " + Plural(n, "unit") + " from " +
                                 ZoneName(z, c.zone) + " (needs " + std::to_string(need) + ")",
                             wer + " haben " + EinheitenDe(n) + " über " + ZoneNameDe(z, c.zone) +
                                 " vom Spielplan gebracht (nötig " + std::to_string(need) + ")"});
    }
  }
  return say(false, {"unknown condition", "unbekannte Bedingung"});
}

int VictoryPoints(const WsrState& s, int side, Text* why) {
  const WsrGame& g = s.wgame();
  const Scenario& sc = Sc(s);
  int points = 0;
  Text text;
  for (const ScoreRule& r : sc.victory.scoring) {
    if (g.seat_index(r.side) != side) continue;
    int n = 0;
    const Zone* z = r.zone.empty() ? nullptr : sc.FindZone(r.zone);
    switch (r.per) {
      case ScoreEvent::kEliminated:
        for (int u = 0; u < s.n_units; ++u)
          if (s.side_of(u) != side && Eliminated(s, u) &&
              (r.units.empty() ||
               std::find(r.units.begin(), r.units.end(), s.info(u).counter->id) != r.units.end()))
            ++n;
        break;
      case ScoreEvent::kControlledAll:
        if (z != nullptr) {
          bool all = true;
          for (int h : z->hexes) all = all && s.controller(h) == side;
          n = all ? 1 : 0;
        }
        break;
      case ScoreEvent::kControlledHex:
        if (z != nullptr)
          for (int h : z->hexes) n += s.controller(h) == side ? 1 : 0;
        break;
      case ScoreEvent::kExited:  // G-12 (exit.cc): own units exited from the zone
        for (int u = 0; u < s.n_units; ++u)
          if (s.side_of(u) == side && ExitedFrom(s, u, z) &&
              (r.units.empty() ||
               std::find(r.units.begin(), r.units.end(), s.info(u).counter->id) != r.units.end()))
            ++n;
        break;
    }
    points += n * r.points;
    if (n > 0) {
      text.en += (text.en.empty() ? "" : ", ") + std::to_string(n * r.points) + " for " +
                 ScoreEventId(r.per) + (r.zone.empty() ? "" : " " + r.zone);
      text.de += (text.de.empty() ? "" : ", ") + std::to_string(n * r.points) + " für " +
                 ScoreEventDe(r.per) + (r.zone.empty() ? "" : " " + r.zone);
    }
  }
  if (why) *why = text;
  return points;
}

Result ScenarioResult(const WsrState& s) {
  const WsrGame& g = s.wgame();
  const Scenario& sc = Sc(s);
  const Victory& v = sc.victory;
  std::string result;
  Text because;
  if (!v.scoring.empty()) {
    std::vector<std::pair<std::string, int>> pts;
    for (int side = 0; side < 2; ++side) {
      Text w;
      pts.emplace_back(SideId(s, side), VictoryPoints(s, side, &w));
      because.en += (because.en.empty() ? "" : "; ") + SideNameEn(s, side) + " " +
                    std::to_string(pts.back().second) + " VP" +
                    (w.en.empty() ? "" : " (" + w.en + ")");
      because.de += (because.de.empty() ? "" : "; ") + SideNameDe(s, side) + " " +
                    std::to_string(pts.back().second) + " Siegpunkte" +
                    (w.de.empty() ? "" : " (" + w.de + ")");
    }
    result = v.ResultForPoints(pts);
  } else {
    for (const Outcome& o : v.outcomes) {
      const int side = g.seat_index(o.side);
      Text w;
      if (side >= 0 && ConditionHolds(s, o.condition, side, &w)) {
        result = o.result;
        because = w;
        break;
      }
      because.en += (because.en.empty() ? "" : "; ") + w.en;
      because.de += (because.de.empty() ? "" : "; ") + w.de;
    }
    if (result.empty()) result = v.otherwise;
  }
  Result r;
  r.returns = {0.0, 0.0};
  const size_t dash = result.find('-');
  const std::string winner = result.substr(0, dash);
  const std::string grade = dash == std::string::npos ? "" : result.substr(dash + 1);
  const int ws = result == "draw" ? -1 : g.seat_index(winner);
  std::string summary_en, summary_de;  // the result in words: "the Americans win (decisive)"
  if (ws >= 0) {
    r.returns[static_cast<size_t>(ws)] = 1.0;
    r.returns[static_cast<size_t>(1 - ws)] = -1.0;
    r.summary = winner + " wins" + (grade.empty() ? "" : " (" + grade + ")");
    summary_en = SideNameEn(s, ws) + " win" + (grade.empty() ? "" : " (" + grade + ")");
    summary_de =
        SideNameDe(s, ws) + " gewinnen" + (grade.empty() ? "" : " (" + GradeDe(grade) + ")");
  } else {
    r.summary = "draw";
    summary_en = "draw";
    summary_de = "unentschieden";
  }
  r.say_reason({because.en + ": " + summary_en + " (" + sc.code + " " + sc.title +
                    " victory conditions, WSR 12.2)",
                because.de + ": " + summary_de + " (Siegbedingungen " + sc.code + " " +
                    sc.title_in(Lang::kDe) + ", WSR 12.2)"});
  if (!s.is_terminal()) {
    r.reason = "game not over yet; as it stands: " + r.reason;
    r.reason_de = "das Spiel ist noch nicht zu Ende; Stand jetzt: " + r.reason_de;
  }
  // The sentence a player reads: "The Americans win (decisive)." / "Die Amerikaner gewinnen
  // (deutlicher Sieg)."
  if (ws >= 0) {
    r.headline = {Capital(summary_en) + ".", Capital(summary_de) + "."};
  } else {
    r.headline = {"Draw.", "Unentschieden."};
  }
  return r;
}

Result WsrState::scenario_result() const {
  return ScenarioResult(*this);
}

}  // namespace feldherr::wsr
