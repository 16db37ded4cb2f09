/** A chart card: title, a note, optional controls, and SVG / PNG export of the chart inside. */
import { useRef, type ReactNode } from 'react';
import { useActions } from '../../studioContext';
import { downloadPng, downloadSvg } from './exportChart';

interface ChartFrameProps {
  readonly id: string;
  readonly title: string;
  readonly note?: ReactNode;
  readonly controls?: ReactNode;
  /** File name stem for exports. */
  readonly fileName: string;
  readonly children: ReactNode;
}

export function ChartFrame({ id, title, note, controls, fileName, children }: ChartFrameProps) {
  const body = useRef<HTMLDivElement>(null);
  const get = useActions();
  const svg = (): SVGSVGElement | null => body.current?.querySelector('svg') ?? null;
  return (
    <figure className="batch-chart" data-testid={`batch.chart.${id}`}>
      <figcaption className="batch-chart-head">
        <h2>{title}</h2>
        <span className="grow" />
        {controls}
        <button type="button" className="small" data-testid={`batch.chart.${id}.svg`} title="Download this chart as SVG" onClick={() => { const s = svg(); if (s !== null) downloadSvg(s, fileName); }}>
          SVG
        </button>
        <button
          type="button"
          className="small"
          data-testid={`batch.chart.${id}.png`}
          title="Download this chart as PNG"
          onClick={() => {
            const s = svg();
            if (s !== null) downloadPng(s, fileName).catch((e: Error) => get().notify('error', `PNG export: ${e.message}.`));
          }}
        >
          PNG
        </button>
      </figcaption>
      <div ref={body} className="batch-chart-body">{children}</div>
      {note !== undefined && <p className="batch-chart-note">{note}</p>}
    </figure>
  );
}
