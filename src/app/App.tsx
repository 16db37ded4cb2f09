import { LevelAnalyzer } from './components/LevelAnalyzer';

/** The studio shell. The full editor, graph and gauge panels come with the studio issue. */
export function App() {
  return (
    <div className="app">
      <header className="app-header">
        <h1>Longcat Studio</h1>
        <span className="app-subtitle">level analysis</span>
      </header>
      <main>
        <LevelAnalyzer />
      </main>
    </div>
  );
}
