// The rack/shelf grid of the location screen with 5,000 containers, built for production, so the
// benchmark measures what a user's browser does: the first render and scrolling across all racks.
import { type Rack, RackShelfGrid, ThemeProvider, UiTextProvider } from '@falcon/ui';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

const TONES = [
  'ok',
  'ok',
  'ok',
  'inaccess',
  'indelivery',
  'backorder',
  'alarming',
  'error',
  'inactive',
] as const;

/** Racks of 8 shelves with 6 places until `containers` containers are placed (every 7th place is empty). */
function makeRacks(containers: number): Rack[] {
  const racks: Rack[] = [];
  let n = 0;
  let placed = 0;
  for (let r = 0; placed < containers; r++) {
    const shelves = Array.from({ length: 8 }, (_, s) => ({
      id: `R${r}-S${s}`,
      name: String(s + 1),
      places: Array.from({ length: 6 }, () => {
        n++;
        if (n % 7 === 0 || placed >= containers) return null;
        placed++;
        return {
          id: `c${n}`,
          code: `K${String(n).padStart(7, '0')}`,
          state: TONES[n % TONES.length]!,
          description: `Article ${n % 97}`,
        };
      }),
    }));
    racks.push({ id: `R${r}`, name: `R${String(r + 1).padStart(3, '0')}`, shelves });
  }
  return racks;
}

declare global {
  interface Window {
    renderGrid(containers: number): Promise<{ renderMs: number; cells: number }>;
  }
}

let show: (racks: Rack[]) => void = () => {};

function App() {
  const [racks, setRacks] = useState<Rack[] | null>(null);
  show = setRacks;
  const [selected, setSelected] = useState<string | null>(null);
  return racks ? (
    <RackShelfGrid
      racks={racks}
      maxShelves={8}
      selectedId={selected}
      onSelectContainer={(c) => setSelected(c.id)}
    />
  ) : null;
}

window.renderGrid = (containers) =>
  new Promise((resolve) => {
    const racks = makeRacks(containers);
    const start = performance.now();
    show(racks);
    // Two frames: React has committed and the browser has laid out and painted the grid.
    requestAnimationFrame(() =>
      requestAnimationFrame(() =>
        resolve({
          renderMs: performance.now() - start,
          cells: document.querySelectorAll('[role="gridcell"]').length,
        }),
      ),
    );
  });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider withGlobalStyle>
      <UiTextProvider locale="en">
        <div style={{ height: '80vh' }}>
          <App />
        </div>
      </UiTextProvider>
    </ThemeProvider>
  </StrictMode>,
);
