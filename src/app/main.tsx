import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createServices } from './services';
import './styles.css';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');
const services = createServices();
createRoot(root).render(
  <StrictMode>
    <App services={services} />
  </StrictMode>,
);
