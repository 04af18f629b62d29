// While a game evaluation is still being computed, follow it and reload when it ends.
(function () {
  const card = document.getElementById("rtp");
  if (!card || !card.dataset.pending) return;
  async function poll() {
    const response = await fetch(card.dataset.url, { headers: { Accept: "application/json" }, credentials: "same-origin" });
    if (!response.ok) return;
    const report = await response.json();
    const pending = report.strategy.some((e) => e.status !== "succeeded" && e.status !== "failed");
    const bars = card.querySelectorAll("progress");
    report.strategy.forEach((e, i) => { if (bars[i]) { bars[i].max = e.progress.total; bars[i].value = e.progress.done; } });
    if (!pending) { window.location.reload(); return; }
    setTimeout(poll, 1500);
  }
  setTimeout(poll, 1500);
})();
