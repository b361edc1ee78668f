// The polyform model's pictures: each placed piece as the outline of its cells (or its edges
// as strokes), labelled, one panel per layer.
#include <algorithm>
#include <cmath>
#include <map>

#include "polyform_parts.hpp"

namespace xcount::polyform {

namespace {

// One piece as drawn: the outline of its cells (or its edges as strokes), labelled on the cell
// nearest to its centre of mass.
PieceShape piece_shape(const std::vector<Cell>& cells, const std::string& label, int colour, const Lattice& lattice) {
    PieceShape shape{.loops = {}, .strokes = {}, .label = label, .label_at = {}, .colour = colour};
    std::vector<std::vector<Corner>> polygons;
    std::vector<Point> centres;
    for (const Cell& c : cells) {
        polygons.push_back(lattice.corners(c));
        Point centre;
        for (const Corner& k : polygons.back()) {
            const Point p = lattice.plane(k);
            centre.x += p.x / static_cast<double>(polygons.back().size());
            centre.y += p.y / static_cast<double>(polygons.back().size());
        }
        centres.push_back(centre);
    }
    Point mean;
    for (const Point& p : centres) mean.x += p.x / static_cast<double>(centres.size()), mean.y += p.y / static_cast<double>(centres.size());
    const auto nearest = std::min_element(centres.begin(), centres.end(), [&mean](const Point& a, const Point& b) {
        return std::hypot(a.x - mean.x, a.y - mean.y) < std::hypot(b.x - mean.x, b.y - mean.y);
    });
    if (nearest != centres.end()) shape.label_at = *nearest;
    if (lattice.strokes()) {
        for (const auto& ends : polygons) shape.strokes.push_back({lattice.plane(ends.front()), lattice.plane(ends.back())});
        return shape;
    }
    for (const auto& loop : union_outline(polygons)) {
        shape.loops.emplace_back();
        for (const Corner& k : loop) shape.loops.back().push_back(lattice.plane(k));
    }
    return shape;
}

}  // namespace

Picture draw_solution(const std::vector<Placement>& placements, const std::vector<std::string>& names, std::span<const OptionId> solution,
                      const Lattice& lattice) {
    std::map<int, Panel> layers;
    std::vector<int> copies(names.size());  // the copies of one piece get colours of their own
    for (OptionId o : solution) {
        const Placement& p = placements[static_cast<std::size_t>(o)];
        const int colour = static_cast<int>(p.piece + names.size() * static_cast<std::size_t>(copies[p.piece]++));
        std::map<int, std::vector<Cell>> by_layer;
        for (const Cell& c : p.cells) by_layer[c[2]].push_back(c);
        for (const auto& [z, cells] : by_layer) layers[z].pieces.push_back(piece_shape(cells, names[p.piece], colour, lattice));
    }
    Picture picture;
    for (auto& [z, panel] : layers) {
        if (layers.size() > 1) panel.title = "layer " + std::to_string(z);
        picture.panels.push_back(std::move(panel));
    }
    return picture;
}

}  // namespace xcount::polyform
