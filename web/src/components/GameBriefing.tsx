// The briefing panel of Rivet Wars, Westerplatte and the Planspiel: the sections of briefing.ts
// (each line a list item, a stand-in marked), open by itself the first time this browser shows the
// game to this seat (briefingSeen, localStorage), and reopened by its heading; Close folds it.
import { useEffect, useState } from 'preact/hooks';
import { useLang } from '../hooks';
import { t } from '../i18n';
import { briefingSeen, markBriefingSeen, type BriefingSection } from '../briefing';

export function BriefingPanel(props: { game: string; seat: string; title: string; sections: BriefingSection[] }) {
  useLang();
  const [open, setOpen] = useState(() => !briefingSeen(props.game, props.seat));
  useEffect(() => markBriefingSeen(props.game, props.seat), [props.game, props.seat]);
  if (props.sections.length === 0) return null;
  return (
    <details class="panel briefing" data-testid="briefing" open={open} onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>
        <b>{t('briefing')}</b> · {props.title}
      </summary>
      {props.sections.map((s) => (
        <div key={s.key} data-testid={`briefing-${s.key}`}>
          <b>{s.head}:</b>
          <ul>
            {s.lines.map((line, k) => (
              <li key={k} class={line.standIn ? 'standin-note' : ''}>
                {line.text}
              </li>
            ))}
          </ul>
        </div>
      ))}
      <button data-testid="briefing-close" onClick={() => setOpen(false)}>
        {t('brClose')}
      </button>
    </details>
  );
}
