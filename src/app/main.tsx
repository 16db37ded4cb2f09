import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { hasPackLink } from '../core/pack/link';
import { App } from './App';
import { createServices } from './services';
import './styles.css';

// A pack link opened on the studio's own page goes to play mode (`#level=` links stay in the editor).
if (hasPackLink(window.location.hash)) window.location.replace(`play.html${window.location.hash}`);
else {
  const root = document.getElementById('root');
  if (root === null) throw new Error('index.html has no #root element');
  // The services start in a task after the one that evaluates the page's modules (where zod builds
  // every schema): together they were one task over 100 ms on the first load. React renders in a
  // task of its own after that.
  setTimeout(() => {
    const services = createServices();
    createRoot(root).render(
      <StrictMode>
        <App services={services} />
      </StrictMode>,
    );
  }, 0);
}
