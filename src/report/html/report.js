// The report's behaviour: builds every section from the JSON embedded in
// the page. Text from the program only ever goes through text nodes, never
// markup, so nothing in it can run.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("theseus-data").textContent);
  const summary = data.summary;
  const SVG = "http://www.w3.org/2000/svg";
  const testsByNumber = new Map(data.tests.map((t) => [t.n, t]));

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    setAttrs(e, attrs);
    append(e, children);
    return e;
  }
  function svg(tag, attrs, ...children) {
    const e = document.createElementNS(SVG, tag);
    setAttrs(e, attrs);
    append(e, children);
    return e;
  }
  function setAttrs(e, attrs) {
    for (const [k, v] of Object.entries(attrs || {}))
      if (k === "onclick") e.addEventListener("click", v);
      else if (v !== undefined && v !== null) e.setAttribute(k, v);
  }
  function append(e, children) {
    for (const c of children.flat())
      if (c !== undefined && c !== null && c !== false)
        e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  function testName(n) {
    return "test" + String(n).padStart(6, "0") + ".json";
  }
  function replayCommand(n) {
    return data.replay + data.dir + testName(n);
  }
  function baseName(p) {
    return String(p).split("/").pop();
  }
  function sameFile(a, b) {
    return a === b || baseName(a) === baseName(b);
  }
  function sourceIndex(file) {
    const exact = data.sources.findIndex((s) => s.path === file);
    return exact >= 0 ? exact : data.sources.findIndex((s) => sameFile(s.path, file));
  }
  function returnText(t) {
    if ("value" in t) return JSON.stringify(t.value);
    if ("code" in t) return "exit " + t.code;
    return "";
  }

  // ---- Bugs -------------------------------------------------------------
  function stackText(t) {
    if (!t || !t.stack) return "";
    return t.stack.map((f) => f.function + " (" + baseName(f.file) + ":" + f.line + ")").join(" \u2190 ");
  }
  function renderBugs() {
    const bugs = summary.bugs || [];
    const box = document.getElementById("bugs");
    if (!bugs.length) {
      box.append(el("p", { class: "muted" }, "No bug found."));
      return;
    }
    const rows = bugs.map((b) => {
      const n = parseInt(String(b.test).replace(/\D/g, ""), 10);
      const t = testsByNumber.get(n);
      return el("tr", { class: "bug", "data-test": n },
        el("td", {}, el("strong", {}, b.kind), " (x" + b.count + ")"),
        el("td", {}, b.message, el("div", { class: "muted" }, b.confirmed + (b.replay ? ": " + b.replay : ""))),
        el("td", {}, el("a", { href: "#src-" + sourceIndex(b.file) + "-" + b.line }, baseName(b.file) + ":" + b.line),
          el("div", { class: "muted" }, stackText(t))),
        el("td", { class: "inputs" }, t ? t.inputs : ""),
        el("td", {}, el("pre", { class: "cmd" }, replayCommand(n)),
          el("button", { type: "button", onclick: () => showTest(n) }, "test " + n)));
    });
    box.append(el("table", { class: "list", id: "bug-table" },
      el("thead", {}, el("tr", {}, ["bug", "message", "location", "input", "replay"].map((h) => el("th", {}, h)))),
      el("tbody", {}, rows)));
  }

  // ---- Sources with coverage ----------------------------------------------
  function coverageOf(path) {
    for (const [p, c] of Object.entries(data.coverage)) if (p === path) return c;
    for (const [p, c] of Object.entries(data.coverage)) if (sameFile(p, path)) return c;
    return { lines: {}, branches: {} };
  }
  function renderSources() {
    const box = document.getElementById("sources");
    const bugs = summary.bugs || [];
    data.sources.forEach((src, index) => {
      const cov = coverageOf(src.path);
      const lines = Object.values(cov.lines);
      const covered = lines.filter((h) => h > 0).length;
      const rows = src.lines.map((text, i) => {
        const no = i + 1;
        const hits = cov.lines[no];
        const edges = cov.branches[no] || [];
        const taken = edges.filter((h) => h > 0).length;
        let cls = hits === undefined ? "none" : hits > 0 ? "hit" : "miss";
        if (cls === "hit" && taken < edges.length) cls = "partial";
        const here = bugs.filter((b) => b.line === no && sameFile(b.file, src.path));
        if (here.length) cls += " bug-line";
        const title = hits === undefined ? "" : hits > 0 ? "run" : "never run";
        return el("tr", { class: "line " + cls, id: "src-" + index + "-" + no, title },
          el("td", { class: "no" }, no),
          el("td", { class: "mark", title: here.map((b) => b.kind + ": " + b.message).join("\n") },
            here.length ? el("span", { class: "bug-marker" }, "\u26a0") : ""),
          el("td", { class: "br", title: edges.length ? taken + " of " + edges.length + " branch edges taken" : "" },
            edges.length ? taken + "/" + edges.length : ""),
          el("td", { class: "code" }, text));
      });
      const note = src.readable ? covered + "/" + lines.length + " lines run" : "source not readable";
      box.append(el("details", { class: "source", open: index < 4 ? "" : null },
        el("summary", {}, src.path + " ", el("span", { class: "muted" }, note)),
        el("table", {}, el("tbody", {}, rows))));
    });
  }

  // ---- Tests ----------------------------------------------------------------
  const PAGE = 100;
  let page = 0;
  function filteredTests() {
    const want = document.getElementById("outcome-filter").value;
    return want ? data.tests.filter((t) => t.outcome === want) : data.tests;
  }
  function renderTests() {
    const filter = document.getElementById("outcome-filter");
    filter.append(el("option", { value: "" }, "all (" + summary.tests + ")"));
    for (const [kind, count] of Object.entries(summary.outcomes || {}))
      filter.append(el("option", { value: kind }, kind + " (" + count + ")"));
    filter.addEventListener("change", () => { page = 0; renderTestPage(); });
    document.getElementById("prev-page").addEventListener("click", () => { page = Math.max(0, page - 1); renderTestPage(); });
    document.getElementById("next-page").addEventListener("click", () => { page += 1; renderTestPage(); });
    renderTestPage();
  }
  function renderTestPage() {
    const list = filteredTests();
    const pages = Math.max(1, Math.ceil(list.length / PAGE));
    page = Math.min(page, pages - 1);
    const body = document.querySelector("#tests tbody");
    body.replaceChildren(...list.slice(page * PAGE, (page + 1) * PAGE).map((t) =>
      el("tr", { "data-test": t.n, onclick: () => showTest(t.n) },
        el("td", {}, t.n),
        el("td", { class: t.outcome === "bug" ? "outcome-bug" : "" }, t.outcome === "bug" ? "bug: " + t.bug : t.outcome),
        el("td", {}, returnText(t)),
        el("td", { class: "inputs" }, t.inputs))));
    const info = document.getElementById("page-info");
    info.setAttribute("data-count", list.length);
    info.textContent = list.length + " tests shown of " + data.tests.length + " embedded (" +
      summary.tests + " written), page " + (page + 1) + " of " + pages;
  }

  function explanationList(t) {
    const negated = t.negated ? t.negated.decision : -1;
    const items = t.explanation.map((d, i) => el("li", { class: i === negated ? "negated" : "" },
      baseName(d.file) + ":" + d.line + "  " + d.condition + "  \u2192 " +
      (typeof d.taken === "boolean" ? (d.taken ? "true" : "false") : d.taken) +
      (d.kind && d.kind !== "branch" ? " (" + d.kind + ")" : "")));
    if (t.explanation_truncated)
      items.push(el("li", { class: "muted" }, "... " + t.explanation_truncated + " more decisions"));
    return el("ol", { class: "explanation", start: 0 }, items);
  }
  function showTest(n) {
    const box = document.getElementById("test-detail");
    const t = testsByNumber.get(n);
    const rows = [];
    const row = (name, ...value) => rows.push(el("tr", {}, el("th", {}, name), el("td", {}, value)));
    if (t) {
      row("outcome", t.outcome === "bug" ? "bug: " + t.bug : t.outcome);
      if (returnText(t)) row("return", returnText(t));
      if (t.message) row("message", t.message);
      if (t.file) row("location", baseName(t.file) + ":" + t.line);
      if (t.stack) row("call stack", stackText(t));
      row("inputs", t.inputs);
      if (t.stdout) row("output", el("pre", {}, t.stdout));
      if (t.variant_of) row("variant of", link(t.variant_of));
      if (t.negated) row("found by", "negating decision " + t.negated.decision + " of ", link(t.negated.test));
    } else {
      row("details", testName(n) + " is not embedded in this page: show it with theseus show (the run directory holds the suite's test files, run.db every test).");
    }
    row("replay", el("pre", { class: "cmd" }, replayCommand(n)));
    box.replaceChildren(
      el("button", { type: "button", class: "close", onclick: () => { box.hidden = true; } }, "close"),
      el("h3", { id: "test-detail-title" }, "test " + n),
      el("table", {}, el("tbody", {}, rows)),
      ...(t && t.explanation ? [el("h4", {}, "Path explanation"), explanationList(t)] : []));
    box.setAttribute("data-test", n);
    box.hidden = false;
  }
  function link(n) {
    return el("a", { href: "#", onclick: (e) => { e.preventDefault(); showTest(n); } }, "test " + n);
  }

  // ---- Tree -------------------------------------------------------------------
  const LEAF_COLOURS = {
    error: "#e33", infeasible: "#7d7", normal: "#69f", "bound-reached": "#999",
    unsupported: "#ee4", unknown: "#ee4", dropped: "#f93", interrupted: "#f93",
    pruned: "plum", open: "#fff", diverged: "#f93", closed: "#ccc", unfinished: "#f93",
  };
  function renderLegend(kinds) {
    const box = document.getElementById("tree-legend");
    for (const k of kinds)
      box.append(el("span", {}, el("i", { style: "background:" + (LEAF_COLOURS[k] || "#fff") }), k));
  }
  function layoutTree(nodes) {
    const byId = new Map(nodes.map((n) => [n.id, Object.assign({ kids: [] }, n)]));
    const roots = [];
    for (const n of byId.values()) {
      const p = byId.get(n.parent);
      if (p) p.kids.push(n); else roots.push(n);
    }
    // Leaves get consecutive columns, a parent sits above its children.
    let column = 0, depth = 0;
    const stack = roots.reverse().map((n) => [n, 0, false]);
    while (stack.length) {
      const [n, d, done] = stack.pop();
      n.depth = d;
      depth = Math.max(depth, d);
      if (!n.kids.length) { n.x = column++; continue; }
      if (done) { n.x = (n.kids[0].x + n.kids[n.kids.length - 1].x) / 2; continue; }
      stack.push([n, d, true]);
      for (let i = n.kids.length - 1; i >= 0; --i) stack.push([n.kids[i], d + 1, false]);
    }
    return { nodes: [...byId.values()], byId, columns: column, depth };
  }
  function nodeTitle(n) {
    const parts = [];
    if (n.line) parts.push("line " + n.line + ": " + (n.source || ""));
    if (n.condition) parts.push("condition: " + n.condition);
    if (n.leaf) parts.push("leaf: " + n.leaf);
    if (n.outcome) parts.push("outcome: " + JSON.stringify(n.outcome));
    if (n.test) parts.push("test " + n.test);
    return parts.join("\n");
  }
  function renderTree() {
    const box = document.getElementById("tree");
    if (!data.tree) {
      box.append(el("p", { class: "muted" }, "No tree: tree.json is written for trees up to --tree-max-nodes nodes."));
      return;
    }
    const { nodes, byId, columns, depth } = layoutTree(data.tree.nodes);
    const DX = 26, DY = 46, M = 20;
    const width = Math.max(columns * DX, 200) + 2 * M, height = depth * DY + 2 * M;
    const gEdges = svg("g", {}), gNodes = svg("g", {});
    const kinds = new Set();
    for (const n of nodes) {
      const x = M + n.x * DX, y = M + n.depth * DY;
      const p = byId.get(n.parent);
      if (p)
        gEdges.append(svg("line", { x1: M + p.x * DX, y1: M + p.depth * DY, x2: x, y2: y, stroke: "#999" },
          svg("title", {}, n.condition || "")));
      if (n.leaf) {
        kinds.add(n.leaf);
        const dashed = ["dropped", "interrupted", "pruned", "open", "unfinished"].includes(n.leaf);
        gNodes.append(svg("g", { class: "leaf leaf-" + n.leaf, "data-test": n.test, "data-node": n.id },
          svg("circle", { cx: x, cy: y, r: 8, fill: LEAF_COLOURS[n.leaf] || "#fff", stroke: "#333",
            "stroke-dasharray": dashed ? "3,2" : null }),
          svg("title", {}, nodeTitle(n))));
      } else {
        gNodes.append(svg("g", { class: "inner", "data-node": n.id },
          svg("rect", { x: x - 11, y: y - 8, width: 22, height: 16, rx: 3, fill: "#fff", stroke: "#555" }),
          svg("text", { x, y: y + 3, "text-anchor": "middle" }, n.line || (n.parent === null ? "\u25b6" : "")),
          svg("title", {}, nodeTitle(n))));
      }
    }
    const root = svg("svg", { viewBox: "0 0 " + width + " " + height, id: "tree-svg" }, gEdges, gNodes);
    box.append(root);
    renderLegend([...kinds].sort());
    enablePanZoom(root, width, height, (target) => {
      const leaf = target.closest(".leaf");
      if (!leaf) return;
      document.querySelectorAll("#tree .selected").forEach((s) => s.classList.remove("selected"));
      leaf.classList.add("selected");
      const n = parseInt(leaf.getAttribute("data-test"), 10);
      if (n) showTest(n);
    });
  }
  function enablePanZoom(root, width, height, onClick) {
    let view = { x: 0, y: 0, w: width, h: height };
    const apply = () => root.setAttribute("viewBox", [view.x, view.y, view.w, view.h].join(" "));
    const scale = () => view.w / root.getBoundingClientRect().width;
    let drag = null;
    root.addEventListener("pointerdown", (e) => { drag = { x: e.clientX, y: e.clientY, moved: 0, target: e.target }; });
    root.addEventListener("pointermove", (e) => {
      if (!drag) return;
      const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
      drag.moved += Math.abs(dx) + Math.abs(dy);
      view.x -= dx * scale(); view.y -= dy * scale();
      drag.x = e.clientX; drag.y = e.clientY;
      apply();
    });
    root.addEventListener("pointerup", () => {
      // A click is a press that did not move: it opens a leaf's test.
      if (drag && drag.moved < 5) onClick(drag.target);
      drag = null;
    });
    root.addEventListener("pointerleave", () => { drag = null; });
    root.addEventListener("wheel", (e) => {
      e.preventDefault();
      const r = root.getBoundingClientRect();
      const f = e.deltaY > 0 ? 1.2 : 1 / 1.2;
      const px = view.x + (e.clientX - r.left) * scale(), py = view.y + (e.clientY - r.top) * scale();
      view = { x: px - (px - view.x) * f, y: py - (py - view.y) * f, w: view.w * f, h: view.h * f };
      apply();
    }, { passive: false });
    document.getElementById("tree-reset").addEventListener("click", () => {
      view = { x: 0, y: 0, w: width, h: height };
      apply();
    });
  }

  // ---- Progress over time ------------------------------------------------------
  function chart(title, points, series) {
    const W = 520, H = 220, L = 44, R = 10, T = 20, B = 28;
    const tMax = Math.max(1e-3, ...points.map((p) => p.seconds));
    const yMax = Math.max(1, ...series.flatMap((s) => points.map(s.value)));
    const X = (t) => L + (W - L - R) * t / tMax, Y = (v) => H - B - (H - T - B) * v / yMax;
    const g = svg("svg", { viewBox: "0 0 " + W + " " + H, class: "plot" },
      svg("line", { x1: L, y1: H - B, x2: W - R, y2: H - B, stroke: "#444" }),
      svg("line", { x1: L, y1: T, x2: L, y2: H - B, stroke: "#444" }),
      svg("text", { x: L - 4, y: T + 4, "text-anchor": "end" }, Number(yMax.toPrecision(4))),
      svg("text", { x: L - 4, y: H - B, "text-anchor": "end" }, 0),
      svg("text", { x: W - R, y: H - 8, "text-anchor": "end" }, tMax.toFixed(2) + " s"),
      svg("text", { x: L, y: H - 8 }, "0 s"),
      svg("text", { x: L, y: 10 }, title));
    series.forEach((s, i) => {
      const pts = points.map((p) => X(p.seconds).toFixed(1) + "," + Y(s.value(p)).toFixed(1)).join(" ");
      g.append(svg("polyline", { points: pts, fill: "none", stroke: s.colour, "stroke-width": 2, class: "series" }),
        svg("text", { x: L + 8 + 70 * i, y: T + 10, fill: s.colour }, "\u25a0 " + s.name));
    });
    return el("div", { class: "chart" }, g);
  }
  function renderTimeline() {
    const box = document.getElementById("timeline");
    const points = summary.timeline || [];
    if (points.length < 2) {
      box.append(el("p", { class: "muted" }, "The run was too short to sample its progress."));
      return;
    }
    const cov = summary.coverage || { lines: {}, branches: {} };
    const pct = (v, total) => (total ? (100 * v) / total : 0);
    box.append(
      chart("paths, tests and bugs", points, [
        { name: "paths", colour: "#36c", value: (p) => p.paths },
        { name: "tests", colour: "#999", value: (p) => p.tests },
        { name: "bugs", colour: "#c00", value: (p) => p.bugs },
      ]),
      chart("coverage (%)", points, [
        { name: "lines", colour: "#080", value: (p) => pct(p.lines_covered, cov.lines.total) },
        { name: "branches", colour: "#a60", value: (p) => pct(p.branches_covered, cov.branches.total) },
      ]));
  }

  renderBugs();
  renderSources();
  renderTests();
  renderTree();
  renderTimeline();
})();
