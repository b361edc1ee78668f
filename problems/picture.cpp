#include "picture.hpp"

#include <map>
#include <set>
#include <sstream>
#include <utility>

namespace xcount {

namespace {

using Edge = std::pair<Corner, Corner>;

// b is on the straight line from a to c, between them.
bool straight(const Corner& a, const Corner& b, const Corner& c) {
    const long dx1 = b[0] - a[0], dy1 = b[1] - a[1], dx2 = c[0] - b[0], dy2 = c[1] - b[1];
    return dx1 * dy2 - dy1 * dx2 == 0 && dx1 * dx2 + dy1 * dy2 > 0;
}

std::vector<Corner> without_straight_runs(const std::vector<Corner>& loop) {
    std::vector<Corner> out;
    const std::size_t n = loop.size();
    for (std::size_t k = 0; k < n; ++k)
        if (!straight(loop[(k + n - 1) % n], loop[k], loop[(k + 1) % n])) out.push_back(loop[k]);
    return out;
}

}  // namespace

std::vector<std::vector<Corner>> union_outline(const std::vector<std::vector<Corner>>& polygons) {
    std::set<Edge> edges;
    for (const auto& polygon : polygons)
        for (std::size_t k = 0; k < polygon.size(); ++k) {
            const Edge e{polygon[k], polygon[(k + 1) % polygon.size()]};
            const Edge reverse{e.second, e.first};
            if (!edges.erase(reverse)) edges.insert(e);  // shared with a neighbour: inside the union
        }
    std::multimap<Corner, Corner> next;
    for (const Edge& e : edges) next.emplace(e.first, e.second);
    std::vector<std::vector<Corner>> loops;
    while (!next.empty()) {
        // Where two loops touch at a corner either continuation closes a loop; with the
        // orientation kept, the non-zero fill is the same whichever is taken.
        std::vector<Corner> loop;
        auto at = next.begin();
        const Corner start = at->first;
        while (true) {
            loop.push_back(at->first);
            const Corner to = at->second;
            next.erase(at);
            if (to == start) break;
            at = next.find(to);
            if (at == next.end()) break;  // cannot happen for closed polygons; stop rather than loop
        }
        loops.push_back(without_straight_runs(loop));
    }
    return loops;
}

std::string rows_on_one_line(const std::string& text) {
    std::string line, row;
    std::istringstream rows(text);
    bool first = true;
    while (std::getline(rows, row)) {
        row.erase(row.find_last_not_of(' ') + 1);
        line += (first ? "" : "/") + row;
        first = false;
    }
    return line;
}

}  // namespace xcount
