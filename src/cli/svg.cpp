#include "svg.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <vector>

namespace xcount::cli {

namespace {

constexpr double kUnit = 40;    // pixels per cell side
constexpr double kMargin = 12;  // around each panel
constexpr double kTitle = 22;   // room for a panel's title

// Twelve colours far apart (the pentominoes need twelve), then more by the golden angle.
std::string colour(int index) {
    static const char* const kPalette[] = {"#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4",
                                           "#46f0f0", "#f032e6", "#bcf60c", "#fabebe", "#008080", "#e6beff"};
    constexpr int kNamed = sizeof kPalette / sizeof kPalette[0];
    if (index >= 0 && index < kNamed) return kPalette[index];
    char buf[48];
    std::snprintf(buf, sizeof buf, "hsl(%d, 65%%, 60%%)", static_cast<int>(std::fmod(std::abs(index) * 137.508, 360.0)));
    return buf;
}

std::string number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    std::string s = buf;
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
    return s == "-0" ? "0" : s;
}

struct Box {
    double left = std::numeric_limits<double>::max(), top = left;
    double right = std::numeric_limits<double>::lowest(), bottom = right;
    void add(const Point& p) {
        left = std::min(left, p.x), top = std::min(top, p.y), right = std::max(right, p.x), bottom = std::max(bottom, p.y);
    }
    bool empty() const { return left > right; }
};

Box extent(const Panel& panel) {
    Box box;
    for (const PieceShape& piece : panel.pieces) {
        for (const auto& loop : piece.loops)
            for (const Point& p : loop) box.add(p);
        for (const auto& stroke : piece.strokes) box.add(stroke[0]), box.add(stroke[1]);
    }
    if (panel.grid.rows > 0) box.add({0, 0}), box.add({double(panel.grid.columns), double(panel.grid.rows)});
    if (box.empty()) box.add({0, 0});
    return box;
}

// Panel coordinates (cell units) to pixels.
struct Placement {
    double x0, y0;
    std::string x(double v) const { return number(x0 + v * kUnit); }
    std::string y(double v) const { return number(y0 + v * kUnit); }
};

std::string text_at(const Placement& at, const Point& p, const std::string& label, double size, const char* cls) {
    return "<text class=\"" + std::string(cls) + "\" x=\"" + at.x(p.x) + "\" y=\"" + at.y(p.y) + "\" font-size=\"" + number(size) +
           "\" text-anchor=\"middle\" dominant-baseline=\"central\" font-family=\"DejaVu Sans, sans-serif\" stroke=\"#fff\" "
           "stroke-width=\"3\" paint-order=\"stroke\">" +
           xml_escape(label) + "</text>\n";
}

std::string draw_piece(const Placement& at, const PieceShape& piece) {
    std::string d;
    if (!piece.strokes.empty()) {
        for (const auto& s : piece.strokes) d += "M" + at.x(s[0].x) + " " + at.y(s[0].y) + "L" + at.x(s[1].x) + " " + at.y(s[1].y);
        return "<path class=\"piece\" d=\"" + d + "\" fill=\"none\" stroke=\"" + colour(piece.colour) +
               "\" stroke-width=\"8\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n" +
               text_at(at, piece.label_at, piece.label, 13, "label");
    }
    for (const auto& loop : piece.loops) {
        for (std::size_t k = 0; k < loop.size(); ++k) d += (k ? "L" : "M") + at.x(loop[k].x) + " " + at.y(loop[k].y);
        d += "Z";
    }
    return "<path class=\"piece\" d=\"" + d + "\" fill=\"" + colour(piece.colour) +
           "\" fill-rule=\"nonzero\" stroke=\"#222\" stroke-width=\"2\" stroke-linejoin=\"round\"/>\n" +
           text_at(at, piece.label_at, piece.label, 14, "label");
}

std::string draw_grid(const Placement& at, const LabelGrid& grid) {
    std::string out;
    for (int r = 0; r < grid.rows; ++r)
        for (int c = 0; c < grid.columns; ++c) {
            const bool dark = grid.checkered && (r + c) % 2 == 1;
            out += "<rect class=\"square\" x=\"" + at.x(c) + "\" y=\"" + at.y(r) + "\" width=\"" + number(kUnit) + "\" height=\"" +
                   number(kUnit) + "\" fill=\"" +
                   (dark             ? "#b58863"
                    : grid.checkered ? "#f0d9b5"
                                     : "#fff") +
                   "\" stroke=\"#888\" stroke-width=\"1\"/>\n";
        }
    auto line = [&](double x1, double y1, double x2, double y2) {
        return "<line x1=\"" + at.x(x1) + "\" y1=\"" + at.y(y1) + "\" x2=\"" + at.x(x2) + "\" y2=\"" + at.y(y2) +
               "\" stroke=\"#222\" stroke-width=\"3\"/>\n";
    };
    if (grid.box_rows > 0 && grid.box_columns > 0) {
        for (int r = 0; r <= grid.rows; r += grid.box_rows) out += line(0, r, grid.columns, r);
        for (int c = 0; c <= grid.columns; c += grid.box_columns) out += line(c, 0, c, grid.rows);
    }
    const double size = grid.checkered ? kUnit * 0.75 : kUnit * 0.45;
    for (int r = 0; r < grid.rows; ++r)
        for (int c = 0; c < grid.columns; ++c) {
            const std::string& label = grid.labels[static_cast<std::size_t>(r * grid.columns + c)];
            if (!label.empty()) out += text_at(at, {c + 0.5, r + 0.5}, label, size, "label");
        }
    return out;
}

}  // namespace

std::string xml_escape(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default: out += c;
        }
    }
    return out;
}

namespace {

// Where each panel of a picture goes: in rows of the same number of panels, that number chosen
// so that the whole is as near a square as can be (its longer side the shortest), which is what
// a fit into a square box scales least. A picture of one panel is that panel.
struct Layout {
    std::vector<Point> corner;  // per panel: its top left, in pixels
    double width = 0, height = 0;
};

Layout rows_of(const std::vector<Box>& boxes, double title) {
    const auto panel_width = [](const Box& b) { return (b.right - b.left) * kUnit + 2 * kMargin; };
    const auto panel_height = [&](const Box& b) { return (b.bottom - b.top) * kUnit + 2 * kMargin + title; };
    Layout best;
    for (std::size_t per_row = 1; per_row <= boxes.size(); ++per_row) {
        Layout here;
        double x = 0, y = 0, row_height = 0;
        for (std::size_t k = 0; k < boxes.size(); ++k) {
            if (k > 0 && k % per_row == 0) y += row_height, x = 0, row_height = 0;
            here.corner.push_back({x, y});
            x += panel_width(boxes[k]);
            row_height = std::max(row_height, panel_height(boxes[k]));
            here.width = std::max(here.width, x);
        }
        here.height = y + row_height;
        if (best.corner.empty() || std::max(here.width, here.height) < std::max(best.width, best.height)) best = std::move(here);
    }
    return best;
}

}  // namespace

std::string svg_of(const Picture& picture, const std::string& title, double fit) {
    const bool titled = std::any_of(picture.panels.begin(), picture.panels.end(), [](const Panel& p) { return !p.title.empty(); });
    const double title_room = titled ? kTitle : 0;
    std::vector<Box> boxes;
    for (const Panel& panel : picture.panels) boxes.push_back(extent(panel));
    const Layout layout = rows_of(boxes, title_room);
    std::string body;
    std::size_t pieces = 0;
    for (std::size_t k = 0; k < picture.panels.size(); ++k) {
        const Panel& panel = picture.panels[k];
        const Point corner = layout.corner[k];
        const Placement at{corner.x + kMargin - boxes[k].left * kUnit, corner.y + title_room + kMargin - boxes[k].top * kUnit};
        body += "<g class=\"panel\">\n";
        if (!panel.title.empty())
            body += "<text class=\"title\" x=\"" + number(corner.x + kMargin) + "\" y=\"" + number(corner.y + kTitle - 6) +
                    "\" font-size=\"14\" font-family=\"DejaVu Sans, sans-serif\">" + xml_escape(panel.title) + "</text>\n";
        if (panel.grid.rows > 0) body += draw_grid(at, panel.grid);
        for (const PieceShape& piece : panel.pieces) body += draw_piece(at, piece);
        body += "</g>\n";
        pieces += panel.pieces.size();
    }
    const double x = layout.width, height = layout.height;
    const double scale = fit > 0 ? std::min({1.0, fit / x, fit / height}) : 1.0;
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"xcount-picture\" data-pieces=\"" + std::to_string(pieces) + "\" width=\"" +
           number(x * scale) + "\" height=\"" + number(height * scale) + "\" viewBox=\"0 0 " + number(x) + " " + number(height) +
           "\">\n<title>" + xml_escape(title) + "</title>\n" + body + "</svg>\n";
}

}  // namespace xcount::cli
