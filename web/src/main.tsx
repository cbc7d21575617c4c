import { render } from 'preact';
import './style.css';
import { useHash, useLang } from './hooks';
import { setLang, t } from './i18n';
import { parseRoute } from './route';
import { Lobby } from './components/Lobby';
import { GameView } from './components/GameView';
import { ReplayView } from './components/ReplayView';

function App() {
  const l = useLang();
  const route = parseRoute(useHash());
  return (
    <div class="app">
      <header class="topbar">
        <a class="brand" href="#/">
          Feldherr
        </a>
        <a href="#/">{t('lobby')}</a>
        <span class="spacer" />
        <span class="langs">
          <button class={l === 'de' ? 'on' : ''} onClick={() => setLang('de')} data-testid="lang-de">
            DE
          </button>
          <button class={l === 'en' ? 'on' : ''} onClick={() => setLang('en')} data-testid="lang-en">
            EN
          </button>
        </span>
      </header>
      {route.page === 'lobby' && <Lobby />}
      {route.page === 'game' && <GameView key={route.id + (route.token ?? '')} id={route.id} token={route.token} />}
      {route.page === 'replay' && <ReplayView key={route.id} id={route.id} token={route.token} />}
    </div>
  );
}

render(<App />, document.getElementById('app')!);
