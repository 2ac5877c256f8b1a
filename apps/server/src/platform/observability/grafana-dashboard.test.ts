import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// The series a module registers: the messages' counter.
import '../../modules/messaging/message-metrics';
import { serverRoot } from '../paths';
import { metricsRegistry } from './index';

const dashboardFile = path.join(serverRoot, '..', '..', 'deploy/grafana/ecolage-dashboard.json');

interface Panel {
  title: string;
  targets: { expr: string }[];
}

/** Metric names an expression reads (PromQL functions and label names left out). */
function metricNames(expr: string): string[] {
  const withoutLabels = expr.replace(/\{[^}]*\}/g, '').replace(/\[[^\]]*\]/g, '');
  const withoutGrouping = withoutLabels.replace(/\b(by|without)\s*\([^)]*\)/g, '');
  return (withoutGrouping.match(/\b(ecolage|process|nodejs)_\w+/g) ?? []).map((name) =>
    name.replace(/_(bucket|sum|count)$/, ''),
  );
}

describe('the Grafana dashboard', () => {
  const dashboard = JSON.parse(readFileSync(dashboardFile, 'utf8')) as {
    panels: Panel[];
    templating: { list: { name: string }[] };
  };

  it('picks its Prometheus data source', () => {
    expect(dashboard.templating.list.map((variable) => variable.name)).toContain('datasource');
  });

  it('reads only series the registry exposes, and shows every named one', async () => {
    const exposed = new Set(
      (await metricsRegistry.getMetricsAsJSON()).map((metric) => metric.name),
    );
    const read = dashboard.panels.flatMap((panel) =>
      panel.targets.flatMap((target) => metricNames(target.expr)),
    );
    expect(read.length).toBeGreaterThan(20);
    for (const name of read) expect(exposed, name).toContain(name);
    for (const name of exposed) {
      if (name.startsWith('ecolage_')) expect(read, name).toContain(name);
    }
  });
});
