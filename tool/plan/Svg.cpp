// `adgen plan --svg`: states held over the backward sweep, one bar per
// iteration reversed (or per group of iterations, showing the group's most),
// snapshots stacked under recomputed states, with the peak marked; below it,
// on the same x axis, the states recomputed before each reversal.
#include "plan/Plan.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace adgen {

namespace {

constexpr double kWidth = 800, kHeight = 500;
constexpr double kLeft = 78, kRight = 36;
constexpr double kPlotW = kWidth - kLeft - kRight;
constexpr double kTop = 92, kPlotH = 240;         // states held
constexpr double kLowTop = 372, kLowH = 70;       // recomputed
constexpr long long kMaxColumns = 350;

const char *kSnapColor = "#3465a4";
const char *kTempColor = "#f5a540";
const char *kRecomputeColor = "#8e8e8e";
const char *kPeakStroke =
    "stroke=\"#c0392b\" stroke-width=\"2\" stroke-dasharray=\"6 4\"";

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  std::string s = buf;
  while (s.back() == '0')
    s.pop_back();
  if (s.back() == '.')
    s.pop_back();
  return s == "-0" ? "0" : s;
}

std::string escape(const std::string &s) {
  std::string out;
  for (char c : s) {
    switch (c) {
    case '&': out += "&amp;"; break;
    case '<': out += "&lt;"; break;
    case '>': out += "&gt;"; break;
    case '"': out += "&quot;"; break;
    default: out += c;
    }
  }
  return out;
}

/// 1, 2, 5, 10, 20, 50, ... at least `raw`.
long long niceStep(double raw) {
  long long step = 1;
  for (;;) {
    for (long long m : {1, 2, 5})
      if (static_cast<double>(step * m) >= raw)
        return step * m;
    step *= 10;
  }
}

std::string plural(long long k, const char *one, const char *many) {
  return std::to_string(k) + " " + (k == 1 ? one : many);
}

struct Svg {
  std::string out;
  void text(double x, double y, const std::string &s, const char *attrs = "") {
    out += "  <text x=\"" + num(x) + "\" y=\"" + num(y) + "\"" + attrs + ">" +
           escape(s) + "</text>\n";
  }
  void line(double x1, double y1, double x2, double y2, const char *attrs) {
    out += "  <line x1=\"" + num(x1) + "\" y1=\"" + num(y1) + "\" x2=\"" +
           num(x2) + "\" y2=\"" + num(y2) + "\" " + attrs + "/>\n";
  }
  void rect(double x, double y, double w, double h, const char *fill) {
    out += "  <rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" +
           num(w) + "\" height=\"" + num(h) + "\" fill=\"" + fill + "\"/>\n";
  }
  /// A y axis from 0 to yMax over [top, top + h], ticks every `step`.
  void yAxis(double top, double h, long long yMax, long long step,
             bool grid) {
    for (long long v = 0; v <= yMax; v += step) {
      double y = top + h - static_cast<double>(v) / yMax * h;
      if (grid && v > 0)
        line(kLeft, y, kLeft + kPlotW, y, "stroke=\"#e4e4e4\"");
      line(kLeft - 5, y, kLeft, y, "stroke=\"#333333\"");
      text(kLeft - 8, y + 4, std::to_string(v), " text-anchor=\"end\"");
    }
    line(kLeft, top, kLeft, top + h, "stroke=\"#333333\"");
    line(kLeft, top + h, kLeft + kPlotW, top + h, "stroke=\"#333333\"");
  }
};

/// The top of a y axis showing `peak` with some room above it, and its step.
void scale(long long peak, long long &yMax, long long &step, int ticks) {
  step = niceStep(std::max(1.0, static_cast<double>(peak) / ticks));
  yMax = std::max<long long>(step, (peak + peak / 8 + step) / step * step);
}

/// The title, the peak caption and the subtitle of a plan's drawing.
struct Captions {
  std::string title, peakText, subtitle;
};

/// Names the plan and sums up its cost, in the words the drawing shows.
Captions captions(const PlanOptions &o, const PlanResult &r,
                  const checkpoint::Simulation &sim) {
  using namespace checkpoint;
  const long long n = o.steps;
  const long long peak = sim.cost.peak;
  Captions c;
  std::string name = policyName(r.policy);
  if (r.policy.kind == Kind::Auto)
    name += " (" + policyName(r.resolved) + ")";
  if (o.budget)
    name = "budget " + formatGiB(o.budgetBytes) + " GiB: " + name;
  c.title = name + " on a loop of " + plural(n, "iteration", "iterations");
  c.peakText = "peak " + plural(peak, "state held", "states held");
  if (o.bytes)
    c.peakText += " (" + formatGiB(peakBytes(sim.cost, o.bytes)) + " GiB)";
  char frac[32];
  std::snprintf(frac, sizeof frac, "%.2f",
                n ? static_cast<double>(sim.cost.recomputed) /
                        static_cast<double>(n)
                  : 0.0);
  const std::string dot = " \xC2\xB7 ";
  c.subtitle =
      c.peakText + dot + plural(sim.cost.snapshots, "snapshot", "snapshots") +
      dot + std::to_string(sim.cost.recomputed) + " recomputed (" + frac +
      " of a forward pass)";
  if (r.overrun)
    c.subtitle += dot + "OVER BUDGET";
  return c;
}

/// Opens the document: its title and description, the background, the
/// heading and the legend.
void drawHeader(Svg &s, const Captions &c) {
  s.out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
          "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
          num(kWidth) + "\" height=\"" + num(kHeight) + "\" viewBox=\"0 0 " +
          num(kWidth) + " " + num(kHeight) +
          "\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"13\">\n";
  s.out += "  <title>" + escape("adgen plan: " + c.title) + "</title>\n";
  s.out += "  <desc>" +
           escape("States held at each step of the backward sweep: " +
                  c.subtitle) +
           "</desc>\n";
  s.rect(0, 0, kWidth, kHeight, "#ffffff");
  s.text(kLeft, 30, c.title, " font-size=\"17\" font-weight=\"bold\"");
  s.text(kLeft, 52, c.subtitle, " fill=\"#333333\"");

  // Legend.
  double ly = 74;
  s.rect(kLeft, ly - 10, 12, 12, kSnapColor);
  s.text(kLeft + 18, ly, "snapshots");
  s.rect(kLeft + 110, ly - 10, 12, 12, kTempColor);
  s.text(kLeft + 128, ly, "recomputed states");
  s.line(kLeft + 270, ly - 4, kLeft + 294, ly - 4, kPeakStroke);
  s.text(kLeft + 300, ly, "peak");
}

/// The y coordinate, in the upper panel, of `v` states on an axis up to
/// `yMax`.
double heldY(double v, long long yMax) {
  return kTop + kPlotH - v / static_cast<double>(yMax) * kPlotH;
}

/// One column per group of backward steps: snapshots and recomputed states
/// held (their most in the group) above, states recomputed below.
void drawColumns(Svg &s, const checkpoint::Simulation &sim, long long n,
             long long yMax, long long rMax) {
  // Column c covers backward steps [c·n/K, (c+1)·n/K) and shows their most.
  long long columns = std::min(n, kMaxColumns);
  double colW = kPlotW / static_cast<double>(columns);
  double gap = colW >= 4 ? colW * 0.15 : 0;
  for (long long c = 0; c < columns; ++c) {
    long long a = c * n / columns, b = (c + 1) * n / columns;
    long long held = 0, snaps = 0, rec = 0;
    for (long long k = a; k < b; ++k) {
      size_t at = static_cast<size_t>(k);
      if (sim.held[at] > held) {
        held = sim.held[at];
        snaps = sim.snapshotsHeld[at];
      }
      rec = std::max(rec, sim.recomputedAt[at]);
    }
    double x = kLeft + static_cast<double>(c) * colW + gap / 2;
    double w = colW - gap + (gap == 0 ? 0.3 : 0); // no hairline seams
    double ySnap = heldY(static_cast<double>(snaps), yMax);
    s.rect(x, ySnap, w, kTop + kPlotH - ySnap, kSnapColor);
    if (held > snaps) {
      double yHeld = heldY(static_cast<double>(held), yMax);
      s.rect(x, yHeld, w, ySnap - yHeld, kTempColor);
    }
    if (rec > 0) {
      double h = static_cast<double>(rec) / static_cast<double>(rMax) *
                 kLowH;
      s.rect(x, kLowTop + kLowH - h, w, h, kRecomputeColor);
    }
  }
}

/// The x ticks of a loop of `n` (> 0) iterations, under both panels.
void drawXTicks(Svg &s, long long n) {
  // X ticks (under the lower panel): the iteration being reversed, n−1 at
  // the left, 0 at the right; multiples of the step, and n−1 unless a
  // multiple crowds it.
  long long xStep = niceStep(static_cast<double>(n) / 8.0);
  auto tick = [&](long long i) {
    double k = static_cast<double>(n - 1 - i);
    double x = kLeft + (k + 0.5) * kPlotW / static_cast<double>(n);
    s.line(x, kTop + kPlotH, x, kTop + kPlotH + 4, "stroke=\"#333333\"");
    s.line(x, kLowTop + kLowH, x, kLowTop + kLowH + 5, "stroke=\"#333333\"");
    s.text(x, kLowTop + kLowH + 19, std::to_string(i),
           " text-anchor=\"middle\"");
  };
  for (long long i = 0; i <= n - 1; i += xStep)
    if (i == n - 1 || 10 * (n - 1 - i) >= 6 * xStep)
      tick(i);
  if ((n - 1) % xStep != 0)
    tick(n - 1);
}

} // namespace

std::string renderPlanSvg(const PlanOptions &o, const PlanResult &r) {
  using namespace checkpoint;
  const long long n = o.steps;
  Simulation sim = simulate(r.policy, n, /*profile=*/true);
  const long long peak = sim.cost.peak;
  Captions c = captions(o, r, sim);

  Svg s;
  drawHeader(s, c);

  long long yMax, yStep;
  scale(peak, yMax, yStep, 5);
  s.yAxis(kTop, kPlotH, yMax, yStep, true);
  s.out += "  <text x=\"22\" y=\"" + num(kTop + kPlotH / 2) +
           "\" text-anchor=\"middle\" transform=\"rotate(-90 22 " +
           num(kTop + kPlotH / 2) + ")\">states held</text>\n";

  long long recMaxStep = 0;
  for (long long v : sim.recomputedAt)
    recMaxStep = std::max(recMaxStep, v);
  long long rMax = std::max<long long>(1, recMaxStep); // ticks: 0 and the most
  s.text(kLeft, kLowTop - 10,
         "states recomputed before reversing each iteration (" +
             std::to_string(sim.cost.recomputed) + " in all)",
         " fill=\"#333333\"");
  s.yAxis(kLowTop, kLowH, rMax, rMax, false);

  if (n > 0) {
    drawColumns(s, sim, n, yMax, rMax);
    drawXTicks(s, n);
    // The peak.
    double yp = heldY(static_cast<double>(peak), yMax);
    s.line(kLeft, yp, kLeft + kPlotW, yp, kPeakStroke);
    s.text(kLeft + kPlotW - 4, yp - 7, c.peakText,
           " text-anchor=\"end\" font-weight=\"bold\" fill=\"#c0392b\"");
  } else {
    s.text(kLeft + kPlotW / 2, kTop + kPlotH / 2,
           "no iterations: nothing to reverse, nothing held",
           " text-anchor=\"middle\" fill=\"#666666\"");
  }

  s.text(kLeft + kPlotW / 2, kHeight - 14,
         "backward sweep \xE2\x86\x92 (iteration being reversed)",
         " text-anchor=\"middle\"");
  s.out += "</svg>\n";
  return s.out;
}

} // namespace adgen
