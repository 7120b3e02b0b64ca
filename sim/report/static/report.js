// supportsim report: tabs, plots, the episode list (filters, search, pages) and the
// episode view. Episode details are gzip-compressed JSON chunks, decompressed only when an
// episode is opened. All run text is inserted as text nodes, never as HTML.
"use strict";
(function () {
  const DATA = JSON.parse(document.getElementById("report-data").textContent);
  const INDEX = decodeIndex(DATA.index);
  const PAGE = 50;
  const chunkCache = new Map();
  let searchTexts = null;
  let searchLoading = null;
  let filtered = INDEX.map((_, i) => i);
  let page = 0;
  const drawn = new Set();

  // -- helpers -------------------------------------------------------------------------
  function decodeIndex(index) {
    // Columns back to row objects; coded columns are positions in their table.
    const { n, columns, tables } = index;
    const rows = new Array(n);
    for (let i = 0; i < n; i++) {
      const row = { chunk: Math.floor(i / DATA.chunk_size), offset: i % DATA.chunk_size };
      for (const [name, values] of Object.entries(columns)) {
        const v = values[i];
        if (name === "failed") row[name] = v.map((c) => tables.failed[c]);
        else row[name] = name in tables ? tables[name][v] : v;
      }
      rows[i] = row;
    }
    return rows;
  }
  let plotlyReady = null;
  function plotly() {
    // plotly.js is inlined as text and compiled on first use: the page loads without it.
    if (!plotlyReady) {
      const source = document.getElementById("plotly-src");
      const script = document.createElement("script");
      script.textContent = source.textContent;
      document.head.append(script);
      source.remove();
      plotlyReady = window.Plotly;
    }
    return plotlyReady;
  }
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") node.className = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? "" : String(v));
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined || c === false) continue;
      node.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return node;
  }
  const pct = (v) => (v === null || v === undefined ? "—" : (100 * v).toFixed(0) + "%");
  const num = (v, d = 2) => (v === null || v === undefined ? "—" : Number(v).toFixed(d));
  const signed = (v) => (v >= 0 ? "+" : "") + Number(v).toFixed(2);

  async function unpack(b64) {
    const bin = atob(b64.trim());
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return JSON.parse(await new Response(stream).text());
  }
  async function chunk(i) {
    if (!chunkCache.has(i)) {
      chunkCache.set(i, unpack(document.getElementById("chunk-" + i).textContent));
    }
    return chunkCache.get(i);
  }
  function outcome(row) {
    if (row.error) return ["error", "err"];
    return row.success ? ["success", "ok"] : ["failed", "bad"];
  }

  // -- tabs and routing ----------------------------------------------------------------
  function show(name) {
    for (const s of document.querySelectorAll("section.tab")) s.hidden = true;
    const target = document.getElementById(name === "episode" ? "episode" : "tab-" + name);
    target.hidden = false;
    for (const a of document.querySelectorAll(".tabs a")) {
      a.classList.toggle("active", a.dataset.tab === name || (name === "episode" && a.dataset.tab === "episodes"));
    }
    if (name === "plots") drawPlots();
  }
  function route() {
    const hash = decodeURIComponent(location.hash.replace(/^#\/?/, ""));
    if (hash.startsWith("episode/")) {
      const i = Number(hash.slice(8));
      if (Number.isInteger(i) && i >= 0 && i < INDEX.length) {
        show("episode");
        openEpisode(i);
        return;
      }
    }
    show(["plots", "episodes"].includes(hash) ? hash : "summary");
  }

  // -- plots ---------------------------------------------------------------------------
  function drawPlots() {
    for (const div of document.querySelectorAll("[data-figure]")) {
      const id = div.dataset.figure;
      if (drawn.has(id)) continue;
      drawn.add(id);
      const fig = DATA.figures[id];
      plotly().newPlot(div, fig.data, fig.layout, { responsive: true, displaylogo: false });
    }
  }

  // -- episode list --------------------------------------------------------------------
  const form = document.getElementById("filters");
  function fillSelect(name, values) {
    const select = form.elements[name];
    select.append(el("option", { value: "" }, "all"));
    for (const v of values) select.append(el("option", { value: v }, v));
  }
  function distinct(get) {
    const out = new Set();
    for (const row of INDEX) for (const v of [].concat(get(row))) if (v !== null) out.add(v);
    return [...out].sort();
  }
  fillSelect("scenario", distinct((r) => r.scenario));
  fillSelect("persona", distinct((r) => r.persona));
  fillSelect("family", distinct((r) => r.family));
  fillSelect("termination", distinct((r) => r.termination));
  fillSelect("failed", distinct((r) => r.failed));

  async function loadSearch() {
    if (searchTexts) return searchTexts;
    if (!searchLoading) {
      document.getElementById("search-status").textContent = "(loading the search text…)";
      searchLoading = unpack(document.getElementById("search-blob").textContent).then((t) => {
        searchTexts = t;
        document.getElementById("search-status").textContent = "";
        return t;
      });
    }
    return searchLoading;
  }

  let filterRound = 0;
  async function applyFilters() {
    const round = ++filterRound;
    const f = Object.fromEntries(new FormData(form).entries());
    const q = (f.q || "").trim().toLowerCase();
    const texts = q ? await loadSearch() : null;
    if (round !== filterRound) return;  // a later change of the filters has taken over
    const terms = q ? q.split(/\s+/) : [];
    filtered = [];
    INDEX.forEach((row, i) => {
      if (f.scenario && row.scenario !== f.scenario) return;
      if (f.persona && row.persona !== f.persona) return;
      if (f.family && row.family !== f.family) return;
      if (f.termination && row.termination !== f.termination) return;
      if (f.failed && !row.failed.includes(f.failed)) return;
      if (f.success && outcome(row)[0] !== f.success) return;
      if (texts && !terms.every((t) => texts[i].includes(t))) return;
      filtered.push(i);
    });
    page = 0;
    renderList();
  }

  function renderList() {
    const body = document.querySelector("#episode-table tbody");
    body.replaceChildren();
    const start = page * PAGE;
    for (const i of filtered.slice(start, start + PAGE)) {
      const r = INDEX[i];
      const [label, cls] = outcome(r);
      body.append(
        el("tr", { "data-index": i, onclick: () => (location.hash = "#/episode/" + i) },
          el("td", {}, i + 1),
          el("td", {}, r.scenario),
          el("td", {}, r.persona),
          el("td", {}, r.trial),
          el("td", {}, r.frustration === null ? "—" : num(r.frustration)),
          el("td", { class: cls }, label),
          el("td", {}, num(r.score, 3)),
          el("td", {}, r.termination || "—"),
          el("td", {}, r.steps),
          el("td", {}, num(r.reward)),
          el("td", {}, r.failed.join(", ")))
      );
    }
    document.getElementById("episode-count").textContent =
      `${filtered.length} of ${INDEX.length} episodes`;
    const pages = Math.max(1, Math.ceil(filtered.length / PAGE));
    const pager = document.getElementById("pager");
    pager.replaceChildren(
      el("button", { type: "button", disabled: page === 0, onclick: () => { page--; renderList(); } }, "‹ previous"),
      el("span", {}, `page ${page + 1} of ${pages}`),
      el("button", { type: "button", disabled: page + 1 >= pages, onclick: () => { page++; renderList(); } }, "next ›")
    );
  }
  let timer = null;
  form.addEventListener("input", (e) => {
    clearTimeout(timer);
    timer = setTimeout(applyFilters, e.target.name === "q" ? 250 : 0);
  });

  // -- episode view --------------------------------------------------------------------
  const INTENT_SYMBOL = { continue: "circle", satisfied: "star", wants_human: "diamond", leaving: "x" };

  function kbList(view, ids) {
    const kb = DATA.kb[view.scenario] || {};
    const known = ids.filter((id) => kb[id]);
    if (!known.length) return null;
    return el("ul", { class: "kb" }, known.map((id) =>
      el("li", {}, el("details", {},
        el("summary", {}, el("b", {}, id), " — ", kb[id].title),
        el("div", {}, kb[id].body)))));
  }

  function actionCard(view, a) {
    const args = Object.keys(a.args).length ? JSON.stringify(a.args, null, 1) : a.raw || "";
    const shown = a.type === "reply" ? "" : args;
    let kb = null;
    if (a.type === "search_kb") {
      const ids = [...a.feedback.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]);
      kb = kbList(view, ids);
    }
    return el("div", { class: "action" + (a.valid ? "" : " invalid") },
      el("div", {},
        el("span", { class: a.valid ? "ok" : "bad" }, a.valid ? "✓ " : "✗ "),
        `step ${a.step} `, el("span", { class: "kind" }, a.type), " ",
        el("span", { class: "reward " + (a.reward >= 0 ? "pos" : "neg") }, `reward ${signed(a.reward)}`),
        " ", el("span", { class: "fb" }, "(" + a.events.join(", ") + ")")),
      shown ? el("div", { class: "args" }, shown) : null,
      el("div", { class: "fb" }, a.feedback),
      kb);
  }

  function transcript(view) {
    const chat = el("div", { class: "chat" });
    const emotions = new Map();
    for (const p of view.emotion) {
      if (!emotions.has(p.step)) emotions.set(p.step, []);
      emotions.get(p.step).push(p);
    }
    const byStep = new Map();
    for (const m of view.conversation) {
      if (!byStep.has(m.step)) byStep.set(m.step, []);
      byStep.get(m.step).push(m);
    }
    const actions = new Map(view.actions.map((a) => [a.step, a]));
    for (let s = 0; s <= view.steps; s++) {
      if (actions.has(s)) chat.append(actionCard(view, actions.get(s)));
      for (const m of byStep.get(s) || []) {
        chat.append(el("div", { class: "bubble " + m.role }, el("span", { class: "who" }, m.role), m.content));
        if (m.role === "customer" && emotions.get(s) && emotions.get(s).length) {
          const p = emotions.get(s).shift();
          chat.append(el("div", { class: "emo" },
            `frustration ${num(p.frustration)} · trust ${num(p.trust)} · intent ${p.intent}` +
            (p.events.length ? ` (${p.events.join(", ")})` : "")));
        }
      }
    }
    return chat;
  }

  function emotionChart(view, div) {
    const pts = view.emotion;
    const xs = pts.map((p) => p.step);
    const text = pts.map((p) => `intent: ${p.intent}` + (p.events.length ? `<br>${p.events.join(", ")}` : ""));
    plotly().newPlot(div, [
      { x: xs, y: pts.map((p) => p.frustration), name: "frustration", mode: "lines+markers", text, hovertemplate: "step %{x}<br>frustration %{y:.2f}<br>%{text}<extra></extra>", line: { color: "#e45756" }, marker: { size: 10, symbol: pts.map((p) => INTENT_SYMBOL[p.intent] || "circle") } },
      { x: xs, y: pts.map((p) => p.trust), name: "trust", mode: "lines+markers", line: { color: "#4c78a8", dash: "dot" } },
    ], {
      margin: { l: 40, r: 10, t: 10, b: 40 }, height: 240,
      yaxis: { range: [-0.02, 1.02] }, xaxis: { title: { text: "step" }, dtick: 1 },
      legend: { orientation: "h", y: -0.3 },
      annotations: pts.map((p) => ({ x: p.step, y: p.frustration, text: p.intent, showarrow: false, yshift: 14, font: { size: 10, color: "#687083" } })),
    }, { displaylogo: false, responsive: true, staticPlot: false });
  }

  function checkRows(view) {
    const std = new Set(["name", "passed", "weight", "critical", "reason", "credit"]);
    return view.grade.checks.map((c) => {
      const extra = Object.entries(c).filter(([k, v]) => !std.has(k) && v !== null && !(Array.isArray(v) && !v.length));
      return el("tr", { class: c.passed ? "passed" : "failed" },
        el("td", {}, (c.passed ? "✓ " : "✗ ") + c.name),
        el("td", {}, c.critical ? "critical" : ""),
        el("td", {}, String(c.weight)),
        el("td", {}, c.reason || "",
          extra.map(([k, v]) => el("span", { class: "quote" }, `${k}: ` + (typeof v === "string" ? `“${v}”` : JSON.stringify(v))))));
    });
  }

  function judgePanel(view) {
    if (view.judge) {
      return el("div", { class: "panel" }, el("h3", {}, "Tone and communication judge"),
        el("table", { class: "checks" }, el("tbody", {},
          Object.entries(view.judge).map(([k, v]) => el("tr", {}, el("td", {}, k), el("td", {}, typeof v === "object" ? JSON.stringify(v) : String(v)))))));
    }
    return el("div", { class: "panel" }, el("h3", {}, "Tone and communication judge"),
      el("p", { class: "note" }, view.judge_error ? "The judge failed: " + view.judge_error : "No judge ran for this episode (run with --judge-model)."));
  }

  async function openEpisode(i) {
    const root = document.getElementById("episode");
    const row = INDEX[i];
    root.replaceChildren(el("p", { class: "note" }, "loading episode…"));
    const view = (await chunk(row.chunk))[row.offset];
    const [label, cls] = outcome(row);
    const info = DATA.scenarios[view.scenario] || {};
    const usage = Object.entries(view.usage).map(([k, u]) => `${k} ${u.input_tokens + u.output_tokens} tokens` + (u.cost === null ? " (cost unknown)" : ` $${Number(u.cost).toFixed(4)}`)).join(" · ");
    const chartDiv = el("div", { class: "emo-chart", id: "emotion-chart" });
    const grade = view.grade
      ? el("div", { class: "panel" },
          el("h3", {}, `Grade: ${view.grade.success ? "success" : "failed"}, score ${num(view.grade.score, 3)}`),
          el("table", { class: "checks" },
            el("thead", {}, el("tr", {}, el("th", {}, "check"), el("th", {}, ""), el("th", {}, "weight"), el("th", {}, "reason"))),
            el("tbody", {}, checkRows(view))))
      : el("div", { class: "panel" }, el("h3", {}, "Grade"), el("p", { class: "err" }, `Not graded: infrastructure error (${view.error_kind}): ${view.error}`));
    root.replaceChildren(
      el("p", {}, el("a", { href: "#/episodes" }, "← all episodes"),
        i > 0 ? [" · ", el("a", { href: "#/episode/" + (i - 1) }, "previous")] : null,
        i + 1 < INDEX.length ? [" · ", el("a", { href: "#/episode/" + (i + 1) }, "next")] : null),
      el("div", { class: "ep-head" },
        el("h2", {}, el("span", { class: "badge " + cls }, label), view.key),
        el("div", { class: "meta" }, `${info.title || view.scenario} · persona ${view.persona} · trial ${view.trial}` +
          (view.frustration === null ? "" : ` · starting frustration ${num(view.frustration)}`) +
          ` · agent ${view.agent} · customer ${view.customer}`),
        el("div", { class: "meta" }, `termination ${view.termination || "—"} · ${view.steps} of ${view.max_steps} steps · total reward ${num(view.total_reward)} · ${num(view.wall_seconds, 2)} s · ${usage}`),
        el("div", { class: "meta" }, `seed ${view.seed} · episode id ${view.episode_id}`),
        view.reproduce
          ? [el("div", { class: "meta" }, "Reproduce (same derived seed):"), el("code", { class: "cmd" }, view.reproduce)]
          : el("div", { class: "meta" }, `Not made by this run's configuration (agent ${view.agent}, e.g. played by hand): the same seed and actions replay it.`)),
      el("div", { class: "ep-grid" },
        el("div", {}, el("div", { class: "panel" }, el("h3", {}, "Conversation and actions"), transcript(view))),
        el("div", {},
          el("div", { class: "panel" }, el("h3", {}, "Customer after each turn"), chartDiv,
            el("p", { class: "note" }, "Markers: ● continue ★ satisfied ◆ wants a human ✕ leaving")),
          grade,
          judgePanel(view),
          el("div", { class: "panel" }, el("h3", {}, "Knowledge base retrieved"),
            kbList(view, view.retrieved) || el("p", { class: "note" }, "No article retrieved."),
            view.searches.length ? el("p", { class: "note" }, "Searches: " + view.searches.map((q) => `“${q}”`).join(", ")) : null))));
    emotionChart(view, chartDiv);
    window.scrollTo(0, 0);
  }

  window.addEventListener("hashchange", route);
  renderList();
  route();
  // Compile plotly.js once the page is up and idle, so that the first chart is quick.
  (window.requestIdleCallback || ((f) => setTimeout(f, 200)))(() => plotly());
})();
