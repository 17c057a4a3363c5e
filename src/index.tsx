import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import './app/global.css';
import { App } from './app/app';
import { routes } from './app/routes';
import { makeStore } from './app/store';

const store = makeStore();
const router = createBrowserRouter(routes);
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <App store={store} router={router} />
  </StrictMode>,
);
