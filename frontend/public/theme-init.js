// Applies the saved theme before first paint so dark mode never flashes light.
// An external file because the Content-Security-Policy forbids inline scripts.
(function () {
  var theme = "system";
  try {
    theme = localStorage.getItem("theme") || "system";
  } catch {
    // Storage can be blocked; fall back to the device setting.
  }
  var dark =
    theme === "dark" ||
    (theme !== "light" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  var root = document.documentElement;
  root.classList.toggle("dark", dark);
  root.style.colorScheme = dark ? "dark" : "light";
})();
