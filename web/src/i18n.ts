// German and English UI strings. Game terms follow the rulebooks (WSR: "Ops complete" /
// "Aktion beendet"; PB: "Befehl", "Wunde"). Rule citations and the engine's own texts (prompts,
// events) are shown as the engine writes them.
import { signal } from './signal';

export type Lang = 'en' | 'de';

const STRINGS = {
  en: {
    lobby: 'Lobby',
    newGame: 'New game',
    game: 'Game',
    scenario: 'Scenario',
    options: 'Options',
    seats: 'Seats',
    create: 'Create game',
    games: 'Games',
    noGames: 'No games yet.',
    open: 'Open',
    openAs: 'Open as',
    stop: 'Stop',
    confirmStop: 'Stop this game for good? It ends at once, without a winner.',
    aiOnly: 'No human seat: the AIs play it out',
    observe: 'Watch',
    replay: 'Replay',
    copy: 'Copy link',
    copied: 'Copied',
    links: 'Seat links (secret: whoever has a link plays that seat)',
    status: 'Status',
    move: 'Move',
    toMove: 'To move',
    human: 'human',
    heuristic: 'AI (heuristic)',
    random: 'AI (random)',
    mcts: 'AI (search, {s} s per move)',
    you: 'You play',
    observer: 'observer',
    waiting: 'Waiting for',
    yourDecision: 'Your decision',
    actions: 'Actions',
    allActions: 'All actions',
    unitActions: 'Actions of',
    clear: 'Clear selection',
    undo: 'Undo',
    concede: 'Concede',
    confirmConcede: 'Really concede this game?',
    log: 'Log',
    odds: 'Odds',
    oddsOf: 'Odds of',
    confirm: 'Confirm',
    cancel: 'Cancel',
    choose: 'Choose',
    result: 'Result',
    turn: 'Turn',
    fatePoints: 'Fate points',
    reduced: 'reduced',
    disrupted: 'disrupted',
    opsComplete: 'Ops complete',
    outOfCommand: 'out of command',
    mounted: 'mounted',
    moving: 'moving',
    wreck: 'Wreck',
    ip: 'Improved position',
    mine: 'Mine',
    objective: 'Objective',
    offMap: 'Off the map',
    hidden: 'hidden',
    wounds: 'wounds',
    orders: 'orders',
    pool: 'markers',
    destroyed: 'destroyed DP',
    combat: 'combat',
    rear: 'rear',
    front: 'front',
    viewAs: 'View as',
    step: 'Step',
    first: 'First',
    prev: 'Back',
    next: 'Forward',
    last: 'Last',
    live: 'Back to the game',
    seed: 'Dice secret',
    commitment: 'Dice commitment',
    zoomHint: 'Wheel: zoom, drag: pan',
    fit: 'Fit',
    connecting: 'Connecting…',
    disconnected: 'Disconnected, reconnecting…',
    error: 'Error',
    probability: 'probability',
    unplaced: 'not yet placed',
    unformed: 'your troops not yet in a unit',
    round: 'Round',
    vp: 'VP',
    rivets: 'rivets',
    toPlay: 'to play',
    deployZone: 'deployment',
    gas: 'gas',
    cardsAndDetails: 'Cards, missions and units (text)',
    logOnly: 'The server offers no positions for past steps: the replay shows the log.',
  },
  de: {
    lobby: 'Lobby',
    newGame: 'Neues Spiel',
    game: 'Spiel',
    scenario: 'Szenario',
    options: 'Optionen',
    seats: 'Plätze',
    create: 'Spiel anlegen',
    games: 'Spiele',
    noGames: 'Noch keine Spiele.',
    open: 'Öffnen',
    openAs: 'Öffnen als',
    stop: 'Anhalten',
    confirmStop: 'Diese Partie endgültig anhalten? Sie endet sofort, ohne Sieger.',
    aiOnly: 'Kein menschlicher Sitz: die KIs spielen die Partie aus',
    observe: 'Zuschauen',
    replay: 'Wiederholung',
    copy: 'Link kopieren',
    copied: 'Kopiert',
    links: 'Links der Plätze (geheim: wer den Link hat, spielt diesen Platz)',
    status: 'Stand',
    move: 'Zug',
    toMove: 'Am Zug',
    human: 'Mensch',
    heuristic: 'KI (Heuristik)',
    random: 'KI (Zufall)',
    mcts: 'KI (Suche, {s} s pro Zug)',
    you: 'Du spielst',
    observer: 'Zuschauer',
    waiting: 'Warten auf',
    yourDecision: 'Deine Entscheidung',
    actions: 'Aktionen',
    allActions: 'Alle Aktionen',
    unitActions: 'Aktionen von',
    clear: 'Auswahl aufheben',
    undo: 'Zurücknehmen',
    concede: 'Aufgeben',
    confirmConcede: 'Dieses Spiel wirklich aufgeben?',
    log: 'Protokoll',
    odds: 'Chancen',
    oddsOf: 'Chancen von',
    confirm: 'Bestätigen',
    cancel: 'Abbrechen',
    choose: 'Wähle',
    result: 'Ergebnis',
    turn: 'Runde',
    fatePoints: 'Schicksalspunkte',
    reduced: 'reduziert',
    disrupted: 'niedergehalten',
    opsComplete: 'Aktion beendet',
    outOfCommand: 'ohne Befehl',
    mounted: 'aufgesessen',
    moving: 'in Bewegung',
    wreck: 'Wrack',
    ip: 'Verbesserte Stellung',
    mine: 'Mine',
    objective: 'Ziel',
    offMap: 'Außerhalb der Karte',
    hidden: 'verdeckt',
    wounds: 'Wunden',
    orders: 'Befehle',
    pool: 'Marker',
    destroyed: 'vernichtete EP',
    combat: 'Kampf',
    rear: 'hinten',
    front: 'vorn',
    viewAs: 'Ansicht als',
    step: 'Schritt',
    first: 'Anfang',
    prev: 'Zurück',
    next: 'Vor',
    last: 'Ende',
    live: 'Zurück zum Spiel',
    seed: 'Würfelgeheimnis',
    commitment: 'Würfel-Festlegung',
    zoomHint: 'Mausrad: Zoom, Ziehen: verschieben',
    fit: 'Einpassen',
    connecting: 'Verbinde…',
    disconnected: 'Verbindung getrennt, verbinde neu…',
    error: 'Fehler',
    probability: 'Wahrscheinlichkeit',
    unplaced: 'noch nicht aufgestellt',
    unformed: 'deine Truppen, noch in keiner Einheit',
    round: 'Runde',
    vp: 'SP',
    rivets: 'Nieten',
    toPlay: 'am Zug',
    deployZone: 'Aufstellung',
    gas: 'Gas',
    cardsAndDetails: 'Karten, Missionen und Einheiten (Text)',
    logOnly: 'Der Server liefert keine Stellungen früherer Schritte: die Wiederholung zeigt das Protokoll.',
  },
} as const;

export type StringKey = keyof (typeof STRINGS)['en'];

function initialLang(): Lang {
  try {
    const saved = globalThis.localStorage?.getItem('feldherr.lang');
    if (saved === 'de' || saved === 'en') return saved;
  } catch {
    /* no storage */
  }
  const nav = globalThis.navigator?.language ?? 'en';
  return nav.startsWith('de') ? 'de' : 'en';
}

export const lang = signal<Lang>(initialLang());

export function setLang(l: Lang): void {
  lang.value = l;
  try {
    globalThis.localStorage?.setItem('feldherr.lang', l);
  } catch {
    /* no storage */
  }
}

export function t(key: StringKey, l: Lang = lang.value): string {
  return STRINGS[l][key] ?? STRINGS.en[key];
}

/** The label of a seat's player: "human", "heuristic", "random", or an MCTS seat of the
 * server's catalog ("mcts" = 1 s per move, "mcts:0.3", "mcts:3"; other forms as they are). */
export function playerLabel(p: string, l: Lang = lang.value): string {
  if (p === 'human' || p === 'heuristic' || p === 'random') return t(p, l);
  const m = /^mcts(?::([0-9.]+))?$/.exec(p);
  if (m) return t('mcts', l).replace('{s}', m[1] ?? '1');
  return p;
}

/** Every key has a German and an English text (checked by the unit tests). */
export function missingKeys(): string[] {
  const en = Object.keys(STRINGS.en);
  const de = Object.keys(STRINGS.de);
  return [...en.filter((k) => !de.includes(k)), ...de.filter((k) => !en.includes(k))];
}
