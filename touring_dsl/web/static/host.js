// Web stage, the host's form: shows a seat picker for each player chosen, no more. Without this script
// every picker shows, and the server reads only as many as there are players.
"use strict";

(() => {
  const players = document.getElementById("players");
  if (!players) return;
  const pickers = [...document.querySelectorAll(".seat-choice[data-seat]")];
  const show = () => {
    const count = Math.max(1, Math.min(pickers.length, parseInt(players.value, 10) || 1));
    for (const picker of pickers) picker.hidden = Number(picker.dataset.seat) >= count;
  };
  players.addEventListener("input", show);
  document.documentElement.classList.add("scripted");
  show();
})();
