// The human seat at a terminal: board, decision prompt, numbered legal actions, one line of
// input per attempt (docs/cli.md "The human seat").
#include <algorithm>
#include <cctype>
#include <istream>
#include <ostream>

#include "cli/commands.h"
#include "engine/ending.h"
#include "engine/replay.h"

namespace feldherr::cli {

namespace {

std::string trim(const std::string& s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool all_digits(const std::string& s) {
  return !s.empty() && s.size() <= 9 &&
         std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The actions a human chooses from by number: every legal action but a concession, which must be
// typed (and confirmed) so that a slip of the finger never gives up a game.
ActionList numbered_actions(const State& state) {
  ActionList legal = state.legal_actions();
  ActionList out;
  for (const Action& a : legal)
    if (!state.is_concession(a)) out.push_back(a);
  return out.empty() ? legal : out;
}

bool is_yes(const std::string& answer) {
  const std::string a = lower(trim(answer));
  return a == "y" || a == "yes" || a == "j" || a == "ja";
}

bool concession_legal(const State& state) {
  for (const Action& a : state.legal_actions())
    if (state.is_concession(a)) return true;
  return false;
}

// An action as the deciding seat reads it: its label, then its text when the two differ.
std::string label_of(const State& state, const Action& action, Lang lang) {
  const ActionInfo info = state.action_info(action, state.current_seat());
  return lang == Lang::kDe ? info.label_de : info.label_en;
}

std::string shown_as(const State& state, const Action& action, Lang lang) {
  const ActionInfo info = state.action_info(action, state.current_seat());
  const std::string& label = lang == Lang::kDe ? info.label_de : info.label_en;
  return label == info.text ? label : label + "  · " + info.text;
}

}  // namespace

bool HumanSeat::play_for_player(Session& session, const Action& action, EventList& events,
                                const Text& why, bool say) {
  const std::string shown = say ? shown_as(session.state(), action, lang_) : std::string();
  if (!session.act(action, &events).empty()) return false;
  forced_ = true;
  if (say) narrator_.flush();
  if (say)
    io_.out << (lang_ == Lang::kDe ? "für dich gespielt: " : "played for you: ") << shown << "  ("
            << why.in(lang_) << ")\n";
  drop_typed_ahead();
  return true;
}

void HumanSeat::drop_typed_ahead() {
  const std::vector<std::string> dropped = io_.in.discard_typed_ahead();
  std::string list;
  for (const std::string& line : dropped) {
    const std::string text = trim(line);
    if (text.empty()) continue;
    list += (list.empty() ? "\"" : ", \"") + clip_text(text, 60) + "\"";
  }
  if (list.empty()) return;
  narrator_.flush();
  io_.out << (lang_ == Lang::kDe ? "verworfen, weil vorab eingegeben: "
                                 : "ignored, typed before this was shown: ")
          << list << '\n';
}

// Ending while units could still move or act: engine/ending.h, with the seat whose action opened
// the decision (Session::last_actor: a window the other side's action opened is declined unasked).
Text HumanSeat::still_able(const Session& session, const Action& action) const {
  return units_still_able(session.state(), action, !session.game().verbs().empty(),
                          session.last_actor());
}

void HumanSeat::show(const Session& session) const {
  narrator_.flush();
  const State& state = session.state();
  const int seat = state.current_seat();
  // The side as the reader names it ("Orks"), not its id: the id is for typing (`--seat`).
  const std::string side = session.game().side_name(seat).in(lang_);
  // Hot-seat: whose turn it is comes before the board, so that the other player can look away.
  const bool de = lang_ == Lang::kDe;
  io_.out << "\n=== " << side << (de ? " am Zug (Aktion " : " to play (action ")
          << state.move_number() + 1 << ") ===\n";
  const std::string board = wrapped_picture(state.render_text_in(seat, lang_));
  io_.out << board;
  if (!board.empty() && board.back() != '\n') io_.out << '\n';
  // The deciding seat's own view (engine/view.h): what it may see of the decision.
  io_.out << wrapped(state.decision_for(seat).prompt_in(lang_), 2) << '\n';
  const ActionList legal = numbered_actions(state);
  const size_t folded = list_actions(state, legal, kFoldAbove);
  if (folded > 0)
    io_.out << (de ? "  (" + std::to_string(folded) +
                         " Aktionen zusammengefasst: list zeigt alle, list 5-40 oder list WORT "
                         "einige)\n"
                   : "  (" + std::to_string(folded) +
                         " actions folded: list shows them all, list 5-40 or list WORD some)\n");
  io_.out << (de ? "  (Nummer oder Aktion eingeben; hint fragt die KI; help zeigt die Befehle)\n"
                 : "  (type a number or an action; hint asks the AI; help lists the commands)\n");
}

// One numbered line: the label in the player's language, the text that can be typed for it when
// the two differ, and the game's note.
void HumanSeat::action_line(const State& state, const ActionList& legal, size_t i) const {
  const std::string note = state.annotate(legal[i]).in(lang_);
  const ActionInfo info = state.action_info(legal[i], state.current_seat());
  const std::string& text = info.text;
  const std::string& label = lang_ == Lang::kDe ? info.label_de : info.label_en;
  const std::string number = "  " + std::to_string(i + 1) + ") ";
  io_.out << wrapped(number + label + (label == text ? "" : "  · " + text) +
                         (note.empty() ? "" : "   [" + note + "]"),
                     number.size())
          << '\n';
}

// The numbered list; longer than `fold_above` lines, runs of actions of one verb are folded
// into one line each ("  1-36) Deploy Rifleman in a6 (NW) … Deploy Rifleman in i6 (SE)  [36]"),
// split by their first argument (the unit, the type) when that gives few runs. The numbers stay
// those of the whole list. Returns how many actions were folded away (0: all listed).
size_t HumanSeat::list_actions(const State& state, const ActionList& legal,
                               size_t fold_above) const {
  if (legal.size() <= fold_above) {
    for (size_t i = 0; i < legal.size(); ++i) action_line(state, legal, i);
    return 0;
  }
  std::vector<ActionInfo> infos;
  infos.reserve(legal.size());
  for (const Action& a : legal) infos.push_back(state.action_info(a, state.current_seat()));
  auto first_arg = [&](size_t i) {
    return infos[i].args.empty() ? std::string() : infos[i].args.front().value;
  };
  auto label = [&](size_t i) -> const std::string& {
    return lang_ == Lang::kDe ? infos[i].label_de : infos[i].label_en;
  };
  size_t folded = 0;
  auto run = [&](size_t from, size_t to) {  // [from, to)
    if (to - from < 4) {
      for (size_t i = from; i < to; ++i) action_line(state, legal, i);
      return;
    }
    const std::string numbers = "  " + std::to_string(from + 1) + "-" + std::to_string(to) + ") ";
    io_.out << wrapped(numbers + label(from) + " … " + label(to - 1) + "  [" +
                           std::to_string(to - from) + "]",
                       numbers.size())
            << '\n';
    folded += to - from;
  };
  for (size_t from = 0; from < legal.size();) {
    size_t to = from + 1;
    while (to < legal.size() && infos[to].verb == infos[from].verb && !infos[from].verb.empty())
      ++to;
    // The runs of one first argument within the verb's run, when there are few of them.
    std::vector<size_t> cuts{from};
    for (size_t i = from + 1; i < to; ++i)
      if (first_arg(i) != first_arg(i - 1)) cuts.push_back(i);
    cuts.push_back(to);
    if (cuts.size() - 1 <= 8 && cuts.size() > 2) {
      for (size_t k = 0; k + 1 < cuts.size(); ++k) run(cuts[k], cuts[k + 1]);
    } else {
      run(from, to);
    }
    from = to;
  }
  return folded;
}

// `list`, `list 5-40`, `list WORD`: the numbered actions, all, of a range, or whose label or text
// contains WORD (case-insensitive).
void HumanSeat::list_command(const State& state, const std::string& what) const {
  const ActionList legal = numbered_actions(state);
  size_t shown = 0;
  size_t from = 1, to = legal.size();
  const size_t dash = what.find('-');
  const bool range = dash != std::string::npos && all_digits(what.substr(0, dash)) &&
                     all_digits(what.substr(dash + 1));
  if (range) {
    from = std::stoul(what.substr(0, dash));
    to = std::min(legal.size(), static_cast<size_t>(std::stoul(what.substr(dash + 1))));
  }
  for (size_t i = from == 0 ? 0 : from - 1; i < to; ++i) {
    if (!range && !what.empty()) {
      const ActionInfo info = state.action_info(legal[i], state.current_seat());
      const std::string& label = lang_ == Lang::kDe ? info.label_de : info.label_en;
      if (lower(label).find(what) == std::string::npos &&
          lower(info.text).find(what) == std::string::npos)
        continue;
    }
    action_line(state, legal, i);
    ++shown;
  }
  if (shown == 0)
    io_.out << (lang_ == Lang::kDe ? "keine Aktion passt zu \"" : "no action matches \"")
            << clip_text(what) << "\"\n";
}

void HumanSeat::help(const Session& session) const {
  const ActionList legal = session.state().legal_actions();
  const bool de = lang_ == Lang::kDe;
  io_.out << (de ? "Die Nummer einer Aktion aus der Liste eingeben oder die Aktion in Textform"
                 : "Type the number of an action from the list, or the action in text form");
  if (!legal.empty())
    io_.out << (de ? " (z. B. \"" : " (e.g. \"") << session.state().describe(legal.front())
            << "\")";
  if (de)
    io_.out << ".\n"
            << "Befehle:\n"
            << "  board   Spielplan, Entscheidung und erlaubte Aktionen noch einmal zeigen\n"
            << "  list    alle erlaubten Aktionen (eine lange Liste zusammengefasst); list 5-40\n"
            << "          einen Bereich, list WORT die, deren Text WORT enthält\n"
            << "  log     die letzten Aktionen und Ereignisse\n"
            << "  undo    die eigene letzte Aktion zurücknehmen (solange die Regeln es erlauben)\n"
            << "  hint    was die KI hier spielen würde\n"
            << "  skip K  Reaktionsfenster der Art K selbst ablehnen (z. B. skip fate);\n"
            << "          skip K others nur bei Würfen der anderen Seite; ask K fragt wieder\n"
            << "  help    dieser Text\n"
            << "  quit    jetzt aufhören; das bisher geschriebene Protokoll bleibt\n";
  else
    io_.out << ".\n"
            << "Commands:\n"
            << "  board   show the board, the decision and the legal actions again\n"
            << "  list    every legal action (a long list is shown folded); list 5-40 a range,\n"
            << "          list WORD those whose label or text contains WORD\n"
            << "  log     the recent actions and events\n"
            << "  undo    take back your last action (only while the rules keep undo open)\n"
            << "  hint    what the AI would play here\n"
            << "  skip K  decline reaction windows of kind K automatically (e.g. skip fate);\n"
            << "          skip K others only those on the other side's rolls; ask K asks again\n"
            << "  help    this text\n"
            << "  quit    stop now; the replay log written so far is kept\n";
  if (concession_legal(session.state()))
    io_.out << (de ? "  concede die Partie aufgeben (fragt nach)\n"
                   : "  concede give up the game (asks for confirmation)\n");
}

HumanSeat::Outcome HumanSeat::turn(Session& session, EventList& events, std::string& undone_text) {
  // The prompt names the side as the reader does ("Rot> " with --lang de), as the header does.
  const std::string side = session.game().side_name(session.state().current_seat()).in(lang_);
  forced_ = false;
  // A forced decision (one legal action besides conceding) is taken at once: asking a human to
  // confirm the only possibility is noise. It is said as played for the player, and what was
  // typed ahead is dropped, so that it cannot land in the next decision. Undo still takes it back
  // while the rules allow.
  // A reaction window with nothing but its decline (a counter-move window where no unit can
  // answer) is said by the narration's "(played for you)" alone: a line of its own for each of
  // them would double every step of the other side's moves.
  if (const ActionList only = numbered_actions(session.state()); only.size() == 1) {
    const State& state = session.state();
    const std::optional<Action> decline = state.decision_for(state.current_seat()).decline;
    const bool said_by_narration = decline && *decline == only.front();
    if (play_for_player(session, only.front(), events,
                        {"the only legal action", "die einzige erlaubte Aktion"},
                        !said_by_narration))
      return Outcome::kActed;
  }
  // Reaction windows the player chose to skip (`skip <kind>`, `skip <kind> others`) are declined
  // at once.
  const int me = session.state().current_seat();
  const Decision decision = session.state().decision_for(me);
  // Whether `skip` declines `decision`: every window of its kind, or (`others`) only one about a
  // roll of the other side.
  auto skips = [&](const Decision& d) {
    const auto it = skipped_.find(d.kind);
    if (!d.decline || it == skipped_.end()) return false;
    return it->second || (d.roll_seat != kNobody && d.roll_seat != me);
  };
  if (skips(decision)) {
    const bool all = skipped_.at(decision.kind);
    const Text why =
        all ? Text{"you skip \"" + decision.kind + "\" windows; ask " + decision.kind +
                       " asks again",
                   "du lehnst \"" + decision.kind + "\"-Fenster selbst ab; ask " + decision.kind +
                       " fragt wieder"}
            : Text{"you skip \"" + decision.kind + "\" windows on the other side's rolls; ask " +
                       decision.kind + " asks again",
                   "du lehnst \"" + decision.kind +
                       "\"-Fenster bei Würfen der anderen Seite selbst ab; ask " + decision.kind +
                       " fragt wieder"};
    if (play_for_player(session, *decision.decline, events, why)) return Outcome::kActed;
  }
  show(session);
  if (decision.decline && !skip_tip_shown_) {
    skip_tip_shown_ = true;
    const bool rolls = decision.roll_seat != kNobody;
    if (lang_ == Lang::kDe)
      io_.out << "  (Tipp: `skip " << decision.kind << "` lehnt diese Fenster künftig selbst ab"
              << (rolls ? "; `skip " + decision.kind + " others` nur bei Würfen der anderen Seite"
                        : "")
              << "; `ask " << decision.kind << "` fragt wieder)\n";
    else
      io_.out << "  (tip: `skip " << decision.kind << "` declines these windows automatically"
              << (rolls ? "; `skip " + decision.kind + " others` only on the other side's rolls"
                        : "")
              << "; `ask " << decision.kind << "` asks again)\n";
  }
  std::string raw;
  while (true) {
    io_.out << side << "> " << std::flush;
    if (!io_.in.read_line(raw)) return Outcome::kEndOfInput;
    const std::string input = trim(raw);
    if (input.empty()) continue;
    const std::string command = lower(input);
    const State& state = session.state();

    if (command == "help" || command == "?") {
      help(session);
      continue;
    }
    if (command == "board") {
      show(session);
      continue;
    }
    if (command == "list" || command.rfind("list ", 0) == 0) {
      list_command(state, trim(command.substr(4)));
      continue;
    }
    if (command == "log") {
      if (narrator_.recent().empty())
        io_.out << (lang_ == Lang::kDe ? "(noch ist nichts geschehen)\n"
                                       : "(nothing has happened yet)\n");
      for (const std::string& line : narrator_.recent()) io_.out << line << '\n';
      continue;
    }
    if (command == "quit" || command == "exit") return Outcome::kQuit;
    if (command.rfind("skip ", 0) == 0 || command.rfind("ask ", 0) == 0) {
      const bool skip = command[0] == 's';
      std::string kind = trim(command.substr(skip ? 5 : 4));
      // `skip fate others`: only the windows about the other side's rolls.
      bool all = true;
      if (const size_t sp = kind.find(' '); skip && sp != std::string::npos) {
        const std::string which = trim(kind.substr(sp + 1));
        if (which != "others" && which != "all") {
          io_.out << (lang_ == Lang::kDe
                          ? "skip K lehnt jedes Fenster der Art K ab, skip K others nur die bei "
                            "Würfen der anderen Seite\n"
                          : "skip K declines every window of kind K, skip K others only those on "
                            "the other side's rolls\n");
          continue;
        }
        all = which == "all";
        kind = trim(kind.substr(0, sp));
      }
      if (skip)
        skipped_[kind] = all;
      else
        skipped_.erase(kind);
      const std::string k = "\"" + clip_text(kind) + "\"";
      if (lang_ == Lang::kDe)
        io_.out << (!skip ? "bei " + k + "-Fenstern wirst du wieder gefragt\n"
                    : all ? "ab jetzt werden " + k + "-Fenster selbst abgelehnt\n"
                          : "ab jetzt werden " + k +
                                "-Fenster bei Würfen der anderen Seite selbst abgelehnt\n");
      else
        io_.out << (!skip ? "you will be asked at " + k + " windows again\n"
                    : all ? "from now on " + k + " windows are declined automatically\n"
                          : "from now on " + k +
                                " windows on the other side's rolls are declined automatically\n");
      if (skip && decision.kind == kind && skips(decision) &&
          session.act(*decision.decline, &events).empty())
        return Outcome::kActed;
      continue;
    }
    if (command == "hint") {
      if (!adviser_) {
        io_.out << (lang_ == Lang::kDe ? "für dieses Spiel gibt es keinen KI-Rat\n"
                                       : "no AI adviser for this game\n");
        continue;
      }
      auto player = adviser_(state.current_seat());
      const Action advice = player->choose(state);
      const std::string name = player->name();
      io_.out << (lang_ == Lang::kDe
                      ? "die KI (" + (name == "heuristic" ? std::string("Heuristik") : name) +
                            ") würde spielen: "
                      : "the " + name + " AI would play: ")
              << label_of(state, advice, lang_) << "  · " << state.describe(advice) << '\n';
      continue;
    }
    if (command == "undo") {
      const bool de = lang_ == Lang::kDe;
      if (session.history().empty()) {
        io_.out << (de ? "nichts zurückzunehmen: es wurde noch keine Aktion ausgeführt\n"
                       : "nothing to undo: no action has been taken yet\n");
        continue;
      }
      if (!session.can_undo()) {
        io_.out << (de ? "nicht zurücknehmbar: die Regeln lassen es nicht mehr zu (nach einem "
                         "Wurf, wenn Verborgenes aufgedeckt ist oder eine andere Seite entschieden "
                         "hat)\n"
                       : "cannot undo: the rules have closed undo (it closes when dice are rolled, "
                         "hidden information is revealed or another side decides)\n");
        continue;
      }
      undone_text = session.history().back().text;
      if (!session.undo()) {
        io_.out << (de ? "nicht zurücknehmbar: die Regeln lassen es nicht mehr zu\n"
                       : "cannot undo: the rules have closed undo\n");
        continue;
      }
      // Forced actions were taken automatically: take them back too, up to the last real choice.
      while (numbered_actions(session.state()).size() == 1 && session.can_undo()) {
        undone_text = session.history().back().text + "\", \"" + undone_text;
        session.undo();
      }
      return Outcome::kUndone;
    }

    Action action;
    if (all_digits(input)) {
      const ActionList legal = numbered_actions(state);
      const long number = std::stol(input);
      if (number < 1 || static_cast<size_t>(number) > legal.size()) {
        if (lang_ == Lang::kDe)
          io_.out << "keine Aktion mit der Nummer " << clip_text(input) << ": 1-" << legal.size()
                  << " wählen (help zeigt die Befehle)\n";
        else
          io_.out << "no action number " << clip_text(input) << ": choose 1-" << legal.size()
                  << " (help lists the commands)\n";
        continue;
      }
      action = legal[static_cast<size_t>(number - 1)];
    } else {
      Text error;
      if (!state.parse_text(input, action, error)) {
        // The input is echoed cut short (clip_text), in the player's language; a parse error
        // quotes at most a few dozen bytes of it, and may name all the verbs of a game.
        const std::string& why = error.in(lang_);
        const std::string what = why.empty() ? clip_text(input) : clip_text(why, 600);
        if (lang_ == Lang::kDe)
          io_.out << wrapped("nicht verstanden: " + what +
                                 " (eine Nummer, eine Aktion oder help eingeben)",
                             2)
                  << '\n';
        else
          io_.out << wrapped("not understood: " + what + " (type a number, an action, or help)", 2)
                  << '\n';
        continue;
      }
    }
    // Irreversible actions (a concession) ask first; so does ending a phase while units could
    // still move or act (docs/cli.md "Questions before irreversible actions").
    const bool de = lang_ == Lang::kDe;
    if (state.is_concession(action) ||
        state.action_info(action, state.current_seat()).role == VerbRole::kConfirm) {
      drop_typed_ahead();
      if (state.is_concession(action))
        io_.out << (de ? "Wirklich die Partie aufgeben? Zum Aufgeben yes eingeben: "
                       : "Really give up the game? Type yes to concede: ")
                << std::flush;
      else
        // The question is cut at the screen's width like the prompts; the answer follows it.
        io_.out << wrapped((de ? "Wirklich \"" : "Really \"") + label_of(state, action, lang_) +
                               (de ? "\"? Das lässt sich nicht zurücknehmen. Zum Bestätigen yes "
                                     "eingeben:"
                                   : "\"? It cannot be taken back. Type yes to confirm:"),
                           2)
                << ' ' << std::flush;
      std::string answer;
      if (!io_.in.read_line(answer)) return Outcome::kEndOfInput;
      if (lower(trim(answer)) != "yes" && lower(trim(answer)) != "ja") {
        io_.out << (de ? "nicht ausgeführt; die Partie geht weiter\n"
                       : (state.is_concession(action) ? "not conceded; the game goes on\n"
                                                      : "not done; the game goes on\n"));
        continue;
      }
    } else if (const Text left = still_able(session, action); !left.en.empty()) {
      drop_typed_ahead();
      io_.out << wrapped(left.in(lang_) + (de ? ". Trotzdem: " : ". ") +
                             label_of(state, action, lang_) + (de ? "? (j/n)" : " anyway? (y/n)"),
                         2)
              << ' ' << std::flush;
      std::string answer;
      if (!io_.in.read_line(answer)) return Outcome::kEndOfInput;
      if (!is_yes(answer)) {
        io_.out << (de ? "nicht ausgeführt; weiter am Zug\n" : "not done; still your decision\n");
        continue;
      }
    }
    // The reason in the player's language (the game's own text, citing the rule).
    if (const Text why = state.why_illegal_text(action); !why.en.empty()) {
      io_.out << (lang_ == Lang::kDe ? "nicht erlaubt: " : "illegal: ")
              << clip_text(why.in(lang_), 1000) << '\n';
      continue;
    }
    const std::string reason = session.act(action, &events);
    if (!reason.empty()) {
      io_.out << (lang_ == Lang::kDe ? "nicht erlaubt: " : "illegal: ") << clip_text(reason, 1000)
              << '\n';
      continue;
    }
    return Outcome::kActed;
  }
}

}  // namespace feldherr::cli
