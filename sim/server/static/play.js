// supportsim play page: a person plays the support agent over WS /ws (the OpenEnv
// protocol), with action forms built from GET /schema. At the end the page posts what it
// played to /play/grade, which replays it server-side, grades it and can save it as a run.
// All server text is inserted as text nodes, never as HTML.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  let ws = null;
  let pending = null;        // resolve function of the request in flight
  let variants = [];         // [{type, title, description, fields: [...]}]
  let current = null;        // selected action type
  let played = null;         // {scenario, persona, seed, actions, started, total}
  let lastObs = null;
  let config = { save: false };

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
  const fmt = (v) => (v >= 0 ? "+" : "") + Number(v).toFixed(2);
  function showError(msg) { $("error").textContent = msg || ""; }
  function busy(on) {
    for (const b of document.querySelectorAll("#action-form button, #start-button")) b.disabled = on;
    $("status").textContent = on ? "waiting for the environment…" : "";
  }

  // -- the action forms, from the action union's JSON schema ---------------------------
  function resolve(schema, defs) {
    if (schema && schema.$ref) return defs[schema.$ref.split("/").pop()];
    return schema;
  }
  function fieldOf(name, prop, required, defs) {
    prop = resolve(prop, defs) || {};
    const options = (prop.anyOf || [prop]).map((p) => resolve(p, defs) || {});
    const kinds = options.map((o) => o.type).filter(Boolean);
    const enumValues = options.flatMap((o) => o.enum || (o.const !== undefined ? [o.const] : []));
    return {
      name,
      title: prop.title || name,
      description: prop.description || "",
      required,
      nullable: kinds.includes("null"),
      enum: enumValues.length && !kinds.includes("string") ? enumValues : (prop.enum || null),
      number: kinds.length > 0 && kinds.every((k) => k === "number" || k === "integer" || k === "null"),
      boolean: kinds.includes("boolean"),
      long: (prop.maxLength || 0) > 1000,
    };
  }
  function buildVariants(schema) {
    const defs = schema.$defs || {};
    return (schema.oneOf || []).map((ref) => {
      const def = resolve(ref, defs);
      const props = def.properties || {};
      const required = new Set(def.required || []);
      return {
        type: props.type.const,
        title: def.title,
        description: def.description || "",
        fields: Object.entries(props).filter(([n]) => n !== "type").map(([n, p]) => fieldOf(n, p, required.has(n), defs)),
      };
    });
  }
  function itemIds() {
    if (!lastObs) return [];
    const c = lastObs.customer;
    return [...c.orders.map((o) => o.id), ...c.charges.map((o) => o.id)];
  }
  function renderActionForm() {
    const tabs = $("action-tabs");
    tabs.replaceChildren(...variants.map((v) => el("button", {
      type: "button", "data-action": v.type, class: v.type === current ? "active" : "",
      onclick: () => { current = v.type; renderActionForm(); },
    }, v.type)));
    const v = variants.find((x) => x.type === current);
    const form = $("action-form");
    form.replaceChildren(el("div", { class: "hint" }, v.description));
    for (const f of v.fields) {
      let input;
      if (f.enum) {
        input = el("select", { name: f.name }, f.required ? null : el("option", { value: "" }, "—"),
          f.enum.map((x) => el("option", { value: x }, x)));
      } else if (f.boolean) {
        input = el("input", { name: f.name, type: "checkbox" });
      } else if (f.long) {
        input = el("textarea", { name: f.name, required: f.required });
      } else if (f.name === "target") {
        input = el("select", { name: f.name }, el("option", { value: "" }, "— the account —"),
          itemIds().map((id) => el("option", { value: id }, id)));
      } else {
        input = el("input", { name: f.name, required: f.required, autocomplete: "off" });
      }
      form.append(el("label", {}, f.title + (f.required ? "" : " (optional)"), input));
    }
    form.append(el("button", { type: "submit", id: "send-action" }, "Send " + v.type));
  }
  function readAction() {
    const v = variants.find((x) => x.type === current);
    const form = $("action-form");
    const action = { type: v.type };
    for (const f of v.fields) {
      const input = form.elements[f.name];
      if (f.boolean) { action[f.name] = input.checked; continue; }
      const value = input.value.trim();
      if (value === "") continue;
      action[f.name] = f.number ? Number(value) : value;
    }
    return action;
  }

  // -- the WebSocket session -----------------------------------------------------------
  function connect() {
    return new Promise((ok, fail) => {
      const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws";
      ws = new WebSocket(url);
      ws.onopen = () => ok();
      ws.onerror = () => fail(new Error("could not connect to " + url));
      ws.onclose = (e) => {
        ws = null;
        if (pending) { pending({ type: "error", data: { message: "connection closed (" + e.code + ")" } }); pending = null; }
      };
      ws.onmessage = (e) => {
        const msg = JSON.parse(e.data);
        if (pending) { const p = pending; pending = null; p(msg); }
        else if (msg.type === "error") showError(msg.data.message);
      };
    });
  }
  function exchange(message) {
    return new Promise((ok) => { pending = ok; ws.send(JSON.stringify(message)); });
  }
  async function request(message) {
    if (!ws || ws.readyState !== WebSocket.OPEN) {
      await connect();
      if (message.type === "step" && played) {
        // The server closed an idle session: rebuild the episode on a new one from the same
        // seed and the actions it accepted (the env is deterministic per seed).
        const reset = await exchange({ type: "reset", data: { scenario: played.scenario, persona: played.persona, seed: played.seed } });
        if (reset.type === "error") return reset;
        for (const action of played.actions) {
          const again = await exchange({ type: "step", data: action });
          if (again.type === "error") return again;
        }
        showError("");
      }
    }
    return exchange(message);
  }

  // -- rendering an observation --------------------------------------------------------
  function renderTicket(obs) {
    const t = obs.ticket;
    $("ticket").replaceChildren(el("b", {}, t.subject), el("div", { class: "ticket-body" }, t.body),
      el("div", { class: "note" }, `${t.channel}` + (t.opened ? ` · opened ${t.opened}` : "")));
    const c = obs.customer;
    const table = (title, rows) => rows.length ? [el("h3", {}, title), el("table", { class: "checks" },
      el("thead", {}, el("tr", {}, ["id", "item", "amount", "date"].map((h) => el("th", {}, h)))),
      el("tbody", {}, rows.map((r) => el("tr", {}, el("td", {}, r.id), el("td", {}, r.item || r.description || ""), el("td", {}, r.amount), el("td", {}, r.date || "")))))] : [];
    $("account").replaceChildren(
      el("dl", { class: "kv" }, el("dt", {}, "name"), el("dd", {}, c.name), el("dt", {}, "email"), el("dd", {}, c.email),
        el("dt", {}, "tier"), el("dd", {}, c.tier), el("dt", {}, "account"), el("dd", {}, c.account_id)),
      ...table("Orders", c.orders), ...table("Charges", c.charges));
  }
  function render(result) {
    const obs = result.observation;
    lastObs = obs;
    $("chat").replaceChildren(...obs.conversation.map((m) =>
      el("div", { class: "bubble " + m.role }, el("span", { class: "who" }, m.role === "agent" ? "you" : "customer"), m.content)));
    $("chat").lastElementChild?.scrollIntoView({ block: "nearest" });
    $("feedback").replaceChildren(
      el("span", { class: obs.last_action_valid ? "ok" : "bad" }, obs.last_action_valid ? "✓ " : "✗ "),
      obs.feedback, " ", el("span", { class: "reward " + (result.reward >= 0 ? "pos" : "neg") }, `reward ${fmt(result.reward || 0)}`));
    $("steps-left").textContent = obs.steps_left;
    $("last-reward").textContent = fmt(result.reward || 0);
    $("total-reward").textContent = fmt(played.total);
    $("refunded").textContent = "$" + obs.refunded_total;
    if (obs.search_results.length) {
      $("kb").replaceChildren(el("ul", { class: "kb" }, obs.search_results.map((a) =>
        el("li", {}, el("details", { open: true }, el("summary", {}, el("b", {}, a.id), " — ", a.title), el("div", {}, a.body))))));
    }
  }

  // -- playing -------------------------------------------------------------------------
  async function start() {
    showError("");
    const scenario = $("scenario").value;
    const persona = $("persona").value || null;
    let seed = Number.parseInt($("seed").value, 10);
    if (!Number.isInteger(seed) || seed < 0) { seed = Math.floor(Math.random() * 1e9); $("seed").value = seed; }
    busy(true);
    const msg = await request({ type: "reset", data: { scenario, persona, seed } });
    busy(false);
    if (msg.type === "error") { showError(msg.data.message); return; }
    played = { scenario, persona, seed, actions: [], started: performance.now(), total: 0 };
    $("game").hidden = false;
    $("end").hidden = true;
    $("act-panel").hidden = false;
    $("kb").replaceChildren("Search the knowledge base to see articles.");
    current = variants[0].type;
    render(msg.data);
    renderTicket(msg.data.observation);
    renderActionForm();
  }
  async function send() {
    showError("");
    const action = readAction();
    busy(true);
    const msg = await request({ type: "step", data: action });
    busy(false);
    if (msg.type === "error") { showError(msg.data.message); return; }  // refused: no step used
    played.actions.push(action);
    played.total += msg.data.reward || 0;
    render(msg.data);
    if (msg.data.done) await finish(msg.data.observation.termination);
    else renderActionForm();
  }
  async function grade(save) {
    const body = {
      scenario: played.scenario, persona: played.persona, seed: played.seed, actions: played.actions,
      total_reward: played.total, wall_seconds: (performance.now() - played.started) / 1000,
      save: save ? { run: $("run-name").value.trim() } : null,
    };
    const res = await fetch("/play/grade", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const data = await res.json();
    if (!res.ok) throw new Error(data.data ? data.data.message : res.statusText);
    return data;
  }
  async function finish(termination) {
    $("act-panel").hidden = true;
    $("end").hidden = false;
    $("end-title").textContent = `Episode over: ${termination}`;
    $("grade").replaceChildren(el("p", { class: "note" }, "grading…"));
    let data;
    try { data = await grade(false); } catch (e) { showError("grading failed: " + e.message); return; }
    const g = data.grade;
    const checks = [...g.checks].sort((a, b) => (a.passed - b.passed) || (b.critical - a.critical));
    $("grade").replaceChildren(
      el("h3", { id: "grade-title" }, el("span", { class: "badge " + (g.success ? "ok" : "bad") }, g.success ? "success" : "failed"), `score ${g.score.toFixed(3)} · total reward ${fmt(data.total_reward)} · ${data.steps} steps`),
      el("table", { class: "checks", id: "grade-checks" }, el("tbody", {}, checks.map((c) => el("tr", { class: c.passed ? "passed" : "failed" },
        el("td", {}, (c.passed ? "✓ " : "✗ ") + c.name), el("td", {}, c.critical ? "critical" : ""), el("td", {}, c.reason))))),
      el("p", { class: "note" }, "The customer's frustration after each turn: " + data.emotion.map((p) => `${p.frustration.toFixed(2)} (${p.intent})`).join(" → ")));
    $("save-box").hidden = !config.save;
    $("save-off").hidden = config.save;
    $("saved").textContent = "";
    $("save-button").disabled = false;
  }
  async function save() {
    showError("");
    $("save-button").disabled = true;
    try {
      const data = await grade(true);
      $("saved").textContent = `Saved to run “${data.saved.run}” as ${data.saved.key}. Compare it with a model's run: supportsim compare MODEL_RUN ${data.saved.path}`;
    } catch (e) { showError("saving failed: " + e.message); $("save-button").disabled = false; }
  }

  async function init() {
    const [meta, schema, cfg] = await Promise.all(["/metadata", "/schema", "/play/config"].map((u) => fetch(u).then((r) => r.json())));
    config = cfg;
    variants = buildVariants(schema.action);
    for (const s of meta.scenarios) $("scenario").append(el("option", { value: s, selected: s === meta.default_scenario }, s));
    for (const p of meta.personas) $("persona").append(el("option", { value: p }, p));
    $("seed").value = Math.floor(Math.random() * 1e6);
    $("start").addEventListener("submit", start);
    $("action-form").addEventListener("submit", send);
    $("save-form").addEventListener("submit", save);
    document.body.dataset.ready = "1";
  }
  init().catch((e) => showError("could not load the server's metadata: " + e.message));
})();
