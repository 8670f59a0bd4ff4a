import { escapeHtml } from '../lib/html';

type OpenApiDoc = ReturnType<import('@hono/zod-openapi').OpenAPIHono['getOpenAPI31Document']>;

/** The parts of an OpenAPI operation the page shows. */
interface Operation {
  tags?: string[];
  operationId?: string;
  summary?: string;
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}

const json = (value: unknown) => escapeHtml(JSON.stringify(value, null, 2));

/** A readable API reference rendered on the server from the generated OpenAPI document (no scripts, no CDN). */
export function apiReferenceHtml(doc: OpenApiDoc): string {
  const sections: string[] = [];
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
      const tag = op.tags?.[0] ?? 'Other';
      const params = (op.parameters ?? [])
        .map((p) => `<li><code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ', required' : ''})</li>`)
        .join('');
      const body = op.requestBody?.content?.['application/json']?.schema;
      const responses = Object.entries(op.responses ?? {})
        .map(([code, r]) => {
          const schema = r.content?.['application/json']?.schema;
          const shape = schema ? `<details><summary>Body</summary><pre>${json(schema)}</pre></details>` : '';
          return `<li><b>${code}</b> ${escapeHtml(r.description ?? '')}${shape}</li>`;
        })
        .join('');
      const html = `<article id="${escapeHtml(op.operationId ?? `${method}-${path}`)}">
  <h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
  <p>${escapeHtml(op.summary ?? '')}${op.security?.length ? ' · 🔒 Bearer token' : ''}</p>
  ${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ''}
  ${body ? `<details><summary>Request body</summary><pre>${json(body)}</pre></details>` : ''}
  <h4>Responses</h4><ul>${responses}</ul>
</article>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  for (const [tag, ops] of byTag) sections.push(`<section><h2>${escapeHtml(tag)}</h2>${ops.join('\n')}</section>`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(doc.info.title)} — API reference</title>
<style>
body{font-family:system-ui,'Noto Sans CJK JP',sans-serif;max-width:960px;margin:0 auto;padding:1rem;line-height:1.5;color:#1c1917;background:#fafaf9}
@media (prefers-color-scheme:dark){body{color:#e7e5e4;background:#1c1917}pre{background:#292524!important}}
article{border-top:1px solid #d6d3d1;padding:.5rem 0}pre{background:#f5f5f4;padding:.75rem;overflow:auto;border-radius:6px}
.m{display:inline-block;min-width:4.5em;font-size:.8em;padding:2px 6px;border-radius:4px;color:#fff;background:#57534e;text-align:center}
.get{background:#15803d}.post{background:#1d4ed8}.put,.patch{background:#b45309}.delete{background:#b91c1c}
</style></head><body>
<h1>${escapeHtml(doc.info.title)}</h1><p>${escapeHtml(doc.info.description ?? '')} Machine-readable: <a href="/api/v1/openapi.json">openapi.json</a></p>
${sections.join('\n')}
</body></html>`;
}
