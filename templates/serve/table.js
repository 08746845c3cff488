// The page of a cardgen table: it shows what the server sends for this seat and sends
// back the number of the action chosen. The server decides everything; this script
// only draws. No framework, no build step.
"use strict";
const WORDS = JSON.parse(document.getElementById("words").textContent);
const $ = (id) => document.getElementById(id);
let lang = document.body.dataset.lang;
// The seat's token is this tab's alone (sessionStorage) or its come-back link's: another
// tab, or another person on this browser, starts at the lobby.
let token = new URLSearchParams(location.search).get("token") || sessionStorage.getItem("cardgen-token");
let notice = "";  // what the lobby says until the next choice (a refusal, a seat freed)
let socket = null, opened = false, failures = 0, lobbyTimer = null, last = null;

function say(key, values = {}) {
  const text = (WORDS[lang] || WORDS.en)[key] || key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in values ? values[name] : ""));
}
function count(key, number) {  // "1 card", "3 cards": the language's plural rules say which
  const one = new Intl.PluralRules(lang).select(number) === "one" && (WORDS[lang] || WORDS.en)[key + "_one"];
  return say(one ? key + "_one" : key, {count: number});
}
function element(tag, text, className) {
  const made = document.createElement(tag);
  if (text !== undefined) made.textContent = text;
  if (className) made.className = className;
  return made;
}
function cardImage(card) {
  const image = element("img", undefined, "card");
  image.src = `/card/${lang}/${card.kind}.png`;
  image.alt = card.name;
  image.dataset.card = card.id;
  return image;
}
function status(text) { $("status").textContent = text || ""; }
function words() {
  $("title").textContent = say("title");
  for (const [id, key] of [["choose-seat", "choose_seat"], ["name-label", "your_name"],
      ["lang-label", "language"], ["start", "start"], ["waiting-start", "waiting_start"],
      ["seen-title", "seen"], ["story-title", "story"], ["join-title", "join_here"],
      ["come-back", "come_back"], ["top-label", "top"], ["draw-top-label", "draw_pile_top"]]) $(id).textContent = say(key);
}

// --- choosing a seat ---------------------------------------------------------------
async function showLobby() {
  $("lobby").hidden = false; $("table").hidden = true;
  $("lang").value = lang;
  words();
  const answer = await fetch("/api/seats").then((r) => r.json()).catch(() => null);
  if (!answer) { status(say("lost")); return; }
  $("title").textContent = answer.deck[lang] || answer.deck.en;
  const list = $("free-seats");
  list.replaceChildren();
  for (const seat of answer.seats) {
    const item = element("li");
    if (seat.name !== null) item.textContent = say("taken_by", {seat: `P${seat.seat}`, name: seat.name});
    else if (answer.started || answer.closed) item.textContent = say("free", {seat: `P${seat.seat}`});
    else {
      const button = element("button", say("sit", {seat: `P${seat.seat}`}));
      button.type = "submit"; button.value = seat.seat; button.dataset.seat = seat.seat;
      item.append(button);
    }
    list.append(item);
  }
  status(answer.started ? say("started_no_seat") : answer.closed ? say("closed_no_seat") : notice);
}
$("lang").addEventListener("change", () => { lang = $("lang").value; showLobby(); });
$("sit-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const seat = Number(event.submitter.value);
  const reply = await fetch("/api/sit", {method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify({seat, name: $("name").value, lang: $("lang").value})});
  const answer = await reply.json();
  if (!reply.ok) { notice = say("refused_" + answer.refused); showLobby(); return; }
  notice = "";
  token = answer.token;
  sessionStorage.setItem("cardgen-token", token);
  history.replaceState(null, "", "/?token=" + encodeURIComponent(token));
  clearInterval(lobbyTimer);
  connect();
});

// --- at the table --------------------------------------------------------------------
function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws?token=${encodeURIComponent(token)}`);
  opened = false;
  socket.onopen = () => { opened = true; failures = 0; status(""); };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "table" && (!last || message.version >= last.version)) draw(message);
    else if (message.type === "refused") status(say("refused_" + message.key));
  };
  socket.onclose = (event) => {
    if (event.code === 1001) { status(say("closed")); return; }
    const freed = event.code === 4001;  // the host freed this seat
    if (freed || (!opened && ++failures >= 3)) {  // or the token is no seat's (a table gone by)
      sessionStorage.removeItem("cardgen-token"); token = null;
      history.replaceState(null, "", "/");
      notice = freed ? say("freed") : "";
      startLobby(); return;
    }
    status(say("lost")); setTimeout(connect, 2000);
  };
}
function send(decision, choice) {
  for (const button of document.querySelectorAll("#actions button")) button.disabled = true;
  socket.send(JSON.stringify({type: "act", decision, choice, version: last.version}));
}
function nameOf(table, seat) {
  const row = table.seats[seat];
  return row.name === null ? `P${seat} (${say("bot")})` : `P${seat} ${row.name}`;
}
function draw(table) {
  last = table; lang = table.lang;
  $("lobby").hidden = true; $("table").hidden = false;
  words();
  $("title").textContent = table.deck + (table.round ? " · " + say("round", {number: table.round}) : "");
  const seats = $("seats"); seats.replaceChildren();
  for (const row of table.seats) {
    const item = element("li", nameOf(table, row.seat), "seat");
    item.dataset.seat = row.seat;
    if (row.seat === table.seat) item.classList.add("me");
    if (row.seat === table.turn) item.classList.add("turn");
    if (row.seat === table.asked) item.classList.add("asked");
    const facts = [];
    if (row.cards !== null) facts.push(count("cards", row.cards));
    if (row.uno) facts.push(say("uno"));
    if (row.away) facts.push(say("away"));
    facts.push(String(row.score));
    item.append(element("span", facts.join(" · "), "facts"));
    const other = (table.other_sides || []).find((shown) => shown.seat === row.seat);
    if (other) item.append(otherSide(other.cards));  // FL-06: what their cards show us
    seats.append(item);
  }
  $("start-box").hidden = table.started;
  $("centre").hidden = !table.top;
  if (table.top) {
    const top = $("top-card");
    top.src = `/card/${lang}/${table.top.kind}.png`; top.alt = table.top.name; top.dataset.card = table.top.id;
    $("side").textContent = table.side ? say("side_" + table.side) : "";
    $("draw-top").hidden = !table.draw_pile_top;
    if (table.draw_pile_top) {
      const drawTop = $("draw-top-card"), card = table.draw_pile_top;
      drawTop.src = `/card/${lang}/${card.kind}.png`; drawTop.alt = card.name; drawTop.dataset.card = card.id;
    }
    $("color").textContent = say("color", {color: table.color.name});
    $("color").style.borderColor = table.color.rgb || "transparent";
    $("direction").textContent = say("direction", {direction: table.direction});
    $("pending").textContent = table.pending ? say("pending", {what: table.pending}) : "";
    $("turn").classList.toggle("mine", Boolean(table.decision));
    $("turn").textContent = table.decision ? say("your_move")
      : table.asked !== null && table.asked !== undefined ? say("asked", {name: nameOf(table, table.asked)}) : "";
  }
  if (table.broken) status(say("broken", {reason: table.broken}));
  drawActions(table);
  drawHand(table);
  $("seen").hidden = !(table.seen && table.seen.length);
  $("seen-lines").replaceChildren(...(table.seen || []).map((line) => element("li", line)));
  drawScores(table);
  const story = $("story");
  story.replaceChildren(...table.log.map((line) => element("li", line)));
  story.scrollTop = story.scrollHeight;
  $("come-back-box").hidden = false;
  const link = location.origin + "/?token=" + encodeURIComponent(token);
  $("come-back-link").href = link; $("come-back-link").textContent = link;
}
function otherSide(cards) {  // the other faces of another seat's hand, small
  const box = element("span", undefined, "other-side");
  box.append(element("span", say("other_side"), "label"));
  for (const card of cards) { const thumb = cardImage(card); thumb.className = "thumb"; box.append(thumb); }
  return box;
}
function drawActions(table) {
  const box = $("actions"); box.replaceChildren();
  box.classList.toggle("asked", Boolean(table.decision));
  if (!table.decision) return;
  table.decision.actions.forEach((action, index) => {
    const button = element("button", undefined, "action");
    button.type = "button"; button.dataset.choice = index;
    if (action.kind !== undefined) {
      const card = table.hand.find((held) => held.kind === action.kind) || {kind: action.kind, id: "", name: ""};
      const thumb = cardImage(card); thumb.className = "thumb"; delete thumb.dataset.card;
      button.append(thumb);
    }
    button.append(element("span", action.label));
    button.addEventListener("click", () => send(table.decision.number, index));
    box.append(button);
  });
}
function drawHand(table) {
  const hand = $("hand"); hand.replaceChildren();
  $("hand-title").textContent = table.in_round === false ? say("knocked_out")
    : table.hand_hidden ? say("hand_hidden") : say("hand");
  const actions = table.decision ? table.decision.actions : [];
  for (const card of table.hand || []) {
    const image = cardImage(card);
    const plays = actions.map((action, index) => [action, index]).filter(([action]) => action.kind === card.kind);
    if (plays.length) image.classList.add("playable");
    if (plays.length === 1) image.addEventListener("click", () => send(table.decision.number, plays[0][1]));
    hand.append(image);
  }
}
function drawScores(table) {
  const show = table.round_over || table.over;
  $("scores").hidden = !show;
  if (!show) return;
  const winners = table.winners.map((seat) => nameOf(table, seat)).join(", ");
  $("scores-title").textContent = table.over ? say("game_over", {winners})
    : say("round_over") + " · " + say("scores", {target: table.target});
  $("score-lines").replaceChildren(...table.seats.map((row) => element("li", `${nameOf(table, row.seat)}: ${row.score}`)));
}
$("start").addEventListener("click", () => socket.send(JSON.stringify({type: "start"})));

function startLobby() { last = null; clearInterval(lobbyTimer); showLobby(); lobbyTimer = setInterval(showLobby, 2000); }
if (token) connect(); else startLobby();
