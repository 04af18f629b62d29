// Follows a background job until it ends, so a long job shows its progress without reloading.
(function () {
  const card = document.getElementById("job");
  if (!card) return;
  const done = ["succeeded", "failed"];
  async function poll() {
    const response = await fetch(card.dataset.url, { headers: { Accept: "application/json" }, credentials: "same-origin" });
    if (!response.ok) return;
    const job = await response.json();
    if (job.status !== card.dataset.status) { window.location.reload(); return; }
    card.querySelector('[data-field="percent"]').value = job.percent;
    card.querySelector('[data-field="percent-text"]').textContent = job.percent + " %";
    if (!done.includes(job.status)) setTimeout(poll, 1000);
  }
  if (!done.includes(card.dataset.status)) setTimeout(poll, 1000);
})();
