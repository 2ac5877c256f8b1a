import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import type { ChartConfiguration, ChartType, Plugin } from 'chart.js';

// Only what the page draws: bars (revenue, levels, ageing, forecast) and the donut.
Chart.register(
  BarController,
  BarElement,
  DoughnutController,
  ArcElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
);

/**
 * The colours of the charts, read from the theme's own classes (so the dark theme's mirrored
 * palette and the school's brand colour apply): each swatch is a hidden element of that class.
 * Series colours are at the 600–700 shades: 3:1 at least against the white card (and their
 * mirrored light shades against the dark one).
 */
const SWATCHES = {
  brand: 'text-brand-600',
  brandLight: 'text-brand-300',
  previous: 'text-slate-400',
  teal: 'text-teal-700',
  orange: 'text-orange-700',
  violet: 'text-violet-600',
  slate: 'text-slate-500',
  green: 'text-green-700',
  red: 'text-red-700',
  amber: 'text-amber-700',
  text: 'text-slate-700',
  grid: 'text-slate-200',
  ink: 'text-slate-900',
} as const;

export type Palette = Record<keyof typeof SWATCHES | 'surface', string>;

function readPalette(root: HTMLElement): Palette {
  const palette = {} as Palette;
  for (const key of Object.keys(SWATCHES) as (keyof typeof SWATCHES)[]) {
    const swatch = root.querySelector<HTMLElement>(`[data-swatch="${key}"]`);
    palette[key] = swatch ? getComputedStyle(swatch).color : '#475569';
  }
  const surface = root.querySelector<HTMLElement>('[data-swatch="surface"]');
  palette.surface = surface ? getComputedStyle(surface).backgroundColor : '#ffffff';
  return palette;
}

/** The admin area's theme (`data-theme` on its root): the charts are drawn again when it changes. */
function useThemeKey(ref: RefObject<HTMLElement | null>): string {
  const [theme, setTheme] = useState('');
  useEffect(() => {
    const root = ref.current?.closest<HTMLElement>('[data-theme]');
    if (!root) return;
    setTheme(root.dataset.theme ?? '');
    const observer = new MutationObserver(() => setTheme(root.dataset.theme ?? ''));
    observer.observe(root, { attributes: true, attributeFilter: ['data-theme', 'style'] });
    return () => observer.disconnect();
  }, [ref]);
  return theme;
}

/** Paints the card's colour behind the chart, so that a PNG download is not transparent. */
const background: Plugin = {
  id: 'ecolageBackground',
  beforeDraw(chart, _args, options: { color?: string }) {
    const { ctx, width, height } = chart;
    ctx.save();
    ctx.fillStyle = options.color ?? '#ffffff';
    ctx.fillRect(0, 0, width, height);
    ctx.restore();
  },
};

/**
 * A chart.js chart in a canvas with role="img" and `label` as its summary (the figures
 * themselves are in the panel's table). `build` makes the configuration from the theme's
 * palette; the chart is made again when `build` changes (new figures) or the theme does.
 * Without a 2D context (an old browser, jsdom) nothing is drawn and nothing fails.
 */
export function ChartCanvas<Type extends ChartType>({
  label,
  build,
  height = 'h-72',
  canvasRef,
}: {
  label: string;
  build: (palette: Palette) => ChartConfiguration<Type>;
  /** Tailwind height of the frame (the chart fills it and follows its width). */
  height?: string;
  canvasRef?: RefObject<HTMLCanvasElement | null>;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const ownCanvas = useRef<HTMLCanvasElement>(null);
  const canvas = canvasRef ?? ownCanvas;
  const theme = useThemeKey(frame);

  useEffect(() => {
    const element = canvas.current;
    const root = frame.current;
    if (!element || !root || !element.getContext('2d')) return;
    const palette = readPalette(root);
    const config = build(palette);
    const chart = new Chart(element, {
      ...config,
      options: {
        ...config.options,
        responsive: true,
        maintainAspectRatio: false,
        animation: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? false : {},
        plugins: {
          ...config.options?.plugins,
          ecolageBackground: { color: palette.surface },
        } as never,
      },
      plugins: [background, ...(config.plugins ?? [])],
    } as ChartConfiguration<Type>);
    return () => chart.destroy();
  }, [build, theme, canvas]);

  return (
    <div ref={frame} className={`relative w-full ${height}`}>
      <canvas ref={canvas} role="img" aria-label={label} />
      <span aria-hidden="true" hidden>
        {Object.entries(SWATCHES).map(([key, className]) => (
          <span key={key} data-swatch={key} className={className} />
        ))}
        <span data-swatch="surface" className="bg-white" />
      </span>
    </div>
  );
}

/** The canvas as a PNG file (null when the browser cannot make one). */
export function canvasPng(canvas: HTMLCanvasElement | null): Promise<Blob | null> {
  return new Promise((resolve) => {
    if (!canvas || typeof canvas.toBlob !== 'function') {
      resolve(null);
      return;
    }
    try {
      canvas.toBlob((blob) => resolve(blob), 'image/png');
    } catch {
      resolve(null);
    }
  });
}
