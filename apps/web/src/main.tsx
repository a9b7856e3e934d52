import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FirstScreen } from './app/first-screen.tsx';
import './app/styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <FirstScreen />
  </StrictMode>,
);
