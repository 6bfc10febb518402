// /api/docs: draws /api/openapi.json as a page (no build step, no CDN): each path and
// method with its summary, parameters, request body fields and responses.
"use strict";

const el = (tag, props = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};

function table(head, rows) {
  if (!rows.length) return el("span");
  return el("table", {}, el("tr", {}, ...head.map((h) => el("th", { textContent: h }))),
            ...rows.map((r) => el("tr", {}, ...r.map((c) => el("td", { textContent: c })))));
}

function operation(path, method, op) {
  const params = (op.parameters || []).map((p) =>
    [p.name, p.in, p.required ? "required" : "", p.schema?.type || ""]);
  const body = op.requestBody?.content?.["application/json"]?.schema?.properties || {};
  const fields = Object.entries(body).map(([name, s]) => [name, s.type || "", s.description || ""]);
  const responses = Object.entries(op.responses || {}).map(([code, r]) => [code, r.description]);
  return el("section", { className: "operation" },
    el("h3", {}, el("span", { className: `method ${method}`, textContent: method }),
       el("span", { className: "path", textContent: path })),
    el("p", { textContent: op.summary || "" }),
    table(["parameter", "in", "", "type"], params),
    table(["body field", "type", "meaning"], fields),
    table(["status", "meaning"], responses));
}

async function draw() {
  const main = document.getElementById("api");
  try {
    const spec = await (await fetch("/api/openapi.json")).json();
    const parts = [el("h2", { textContent: `${spec.info.title} ${spec.info.version}` }),
                   el("p", { textContent: spec.info.description || "" })];
    for (const [path, methods] of Object.entries(spec.paths)) {
      for (const [method, op] of Object.entries(methods)) parts.push(operation(path, method, op));
    }
    main.replaceChildren(...parts);
  } catch (e) {
    main.replaceChildren(el("p", { textContent: `Could not read /api/openapi.json: ${e}` }));
  }
}

draw();
