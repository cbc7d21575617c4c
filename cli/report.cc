// `feldherr simulate --report FILE.html`: one self-contained HTML page (no scripts, no
// external files) with the batch's table, an SVG chart of the win rates with their 95 % Wilson
// intervals and an SVG histogram of the game lengths.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <stdexcept>

#include "cli/commands.h"
#include "engine/roll_odds.h"

namespace feldherr::cli {

namespace {

std::string escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string pct(double f) {
  return fmt::format("{:.1f} %", 100 * f);
}

// Horizontal bars: one row per side (and draws / unfinished), the rate as a bar, the 95 %
// interval as a whisker, the axis 0-100 %.
std::string rates_svg(const ReportData& r) {
  struct Row {
    std::string label;
    long long count;
  };
  std::vector<Row> rows;
  for (size_t s = 0; s < r.sides.size(); ++s)
    rows.push_back({r.sides[s] + " (" + r.players[s] + ")", r.wins[s]});
  rows.push_back({"draws", r.draws});
  if (r.unfinished > 0) rows.push_back({"unfinished", r.unfinished});
  const int left = 220, width = 460, row_h = 34, top = 20;
  const int height = top + row_h * static_cast<int>(rows.size()) + 30;
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" role=\"img\" "
      "aria-label=\"win rates with 95 % intervals\">\n",
      left + width + 80, height);
  const char* colours[] = {"#4a7ab5", "#b5534a", "#5b9a58", "#9a7b3c", "#7a5b9a"};
  for (size_t k = 0; k < rows.size(); ++k) {
    const double p =
        r.games > 0 ? static_cast<double>(rows[k].count) / static_cast<double>(r.games) : 0.0;
    const auto [lo, hi] = wilson95(rows[k].count, r.games);
    const int y = top + row_h * static_cast<int>(k);
    const char* colour = k < r.sides.size() ? colours[k % 5] : "#999999";
    svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\" font-size=\"13\">{}</text>\n",
                       left - 8, y + 18, escape(rows[k].label));
    svg += fmt::format(
        "<rect x=\"{}\" y=\"{}\" width=\"{:.1f}\" height=\"20\" fill=\"{}\"><title>{}: {} of {} "
        "= {} (95 % {}..{})</title></rect>\n",
        left, y + 4, width * p, colour, escape(rows[k].label), rows[k].count, r.games, pct(p),
        pct(lo), pct(hi));
    const double x0 = left + width * lo, x1 = left + width * hi;
    svg += fmt::format(
        "<line x1=\"{0:.1f}\" y1=\"{2}\" x2=\"{1:.1f}\" y2=\"{2}\" stroke=\"#222\" "
        "stroke-width=\"1.5\"/><line x1=\"{0:.1f}\" y1=\"{3}\" x2=\"{0:.1f}\" y2=\"{4}\" "
        "stroke=\"#222\"/><line x1=\"{1:.1f}\" y1=\"{3}\" x2=\"{1:.1f}\" y2=\"{4}\" "
        "stroke=\"#222\"/>\n",
        x0, x1, y + 14, y + 8, y + 20);
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{}\" font-size=\"12\">{}</text>\n",
                       left + width * std::max(p, hi) + 6, y + 18, pct(p));
  }
  const int axis_y = top + row_h * static_cast<int>(rows.size()) + 4;
  svg += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#555\"/>\n", left,
                     axis_y, left + width, axis_y);
  for (int t = 0; t <= 100; t += 25)
    svg +=
        fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\">{} %</text>\n",
                    left + width * t / 100, axis_y + 16, t);
  return svg + "</svg>\n";
}

// Histogram of game lengths in up to 20 bins of equal width.
std::string lengths_svg(const std::vector<long long>& lengths) {
  if (lengths.empty()) return "<p>No games.</p>\n";
  const long long lo = *std::min_element(lengths.begin(), lengths.end());
  const long long hi = *std::max_element(lengths.begin(), lengths.end());
  const int bins = static_cast<int>(std::min<long long>(20, hi - lo + 1));
  const double bin_w = static_cast<double>(hi - lo + 1) / bins;
  std::vector<long long> count(static_cast<size_t>(bins), 0);
  for (long long l : lengths)
    ++count[static_cast<size_t>(std::min<long long>(
        bins - 1, static_cast<long long>(static_cast<double>(l - lo) / bin_w)))];
  const long long peak = *std::max_element(count.begin(), count.end());
  const int left = 50, width = 600, height = 200, top = 10;
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" role=\"img\" "
      "aria-label=\"game length distribution\">\n",
      left + width + 20, top + height + 40);
  const double bar_w = static_cast<double>(width) / bins;
  for (int b = 0; b < bins; ++b) {
    const double h = peak > 0 ? static_cast<double>(height) *
                                    static_cast<double>(count[static_cast<size_t>(b)]) /
                                    static_cast<double>(peak)
                              : 0;
    const long long from = lo + static_cast<long long>(std::ceil(b * bin_w));
    const long long to = lo + static_cast<long long>(std::ceil((b + 1) * bin_w)) - 1;
    svg += fmt::format(
        "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"#4a7ab5\">"
        "<title>{}-{} actions: {} games</title></rect>\n",
        left + b * bar_w + 1, top + height - h, bar_w - 2, h, from, to,
        count[static_cast<size_t>(b)]);
  }
  svg += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#555\"/>\n", left,
                     top + height, left + width, top + height);
  svg += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"11\">{}</text>\n", left,
                     top + height + 16, lo);
  svg += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"end\">{}</text>\n",
                     left + width, top + height + 16, hi);
  svg += fmt::format(
      "<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\">game length "
      "(actions, chance included)</text>\n",
      left + width / 2, top + height + 34);
  svg += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"end\">{}</text>\n",
                     left - 6, top + 10, peak);
  return svg + "</svg>\n";
}

}  // namespace

std::string html_report(const ReportData& r) {
  std::string html =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>" +
      escape("Feldherr simulate: " + r.title) +
      "</title>\n<style>body{font-family:sans-serif;margin:2em;color:#222}"
      "table{border-collapse:collapse}td,th{padding:.3em .8em;border-bottom:1px solid #ccc;"
      "text-align:right}td:first-child,th:first-child,td:nth-child(2),th:nth-child(2){text-align:"
      "left}"
      "small{color:#666}</style></head><body>\n";
  html += "<h1>" + escape(r.title) + "</h1>\n<p>" + escape(r.subtitle) + "</p>\n";
  html +=
      "<table><tr><th>side</th><th>player</th><th>wins</th><th>rate</th>"
      "<th>95 % Wilson interval</th></tr>\n";
  auto row = [&](const std::string& label, const std::string& player, long long c) {
    const auto [lo, hi] = wilson95(c, r.games);
    html += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{} .. {}</td></tr>\n",
                        escape(label), escape(player), c,
                        pct(r.games > 0 ? double(c) / double(r.games) : 0.0), pct(lo), pct(hi));
  };
  for (size_t s = 0; s < r.sides.size(); ++s) row(r.sides[s], r.players[s], r.wins[s]);
  row("draws", "", r.draws);
  if (r.unfinished > 0) row("unfinished", "", r.unfinished);
  html += "</table>\n<h2>Win rates</h2>\n" + rates_svg(r);
  html += "<h2>Game length</h2>\n";
  if (!r.lengths.empty()) {
    std::vector<long long> sorted = r.lengths;
    std::sort(sorted.begin(), sorted.end());
    double sum = 0;
    for (long long l : sorted) sum += static_cast<double>(l);
    html += fmt::format("<p>mean {:.1f}, min {}, median {}, max {} actions</p>\n",
                        sum / static_cast<double>(sorted.size()), sorted.front(),
                        sorted[sorted.size() / 2], sorted.back());
  }
  html += lengths_svg(r.lengths);
  html += "<p><small>" + escape(r.footer) + "</small></p>\n</body></html>\n";
  return html;
}

void write_html_report(const ReportData& r, const std::string& path) {
  std::ofstream out(path);
  if (!out) throw std::runtime_error("cannot write " + path);
  out << html_report(r);
  if (!out.flush()) throw std::runtime_error("cannot write " + path);
}

}  // namespace feldherr::cli
