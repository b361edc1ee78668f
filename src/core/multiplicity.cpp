#include "xcount/multiplicity.hpp"

#include <string>

namespace xcount {

namespace {

// A segment tree over the places 1..n, nodes numbered heap-style (the root 1, children 2v and
// 2v + 1).
class PlaceTree {
public:
    explicit PlaceTree(std::size_t n) : n_(n) {}
    std::size_t node_bound() const { return 4 * n_; }
    // Every node, root first.
    void all(std::vector<std::size_t>& out) const { visit(1, 1, n_, 1, n_, out, true); }
    // The nodes from the root down to leaf `place`.
    void path(std::size_t place, std::vector<std::size_t>& out) const {
        std::size_t v = 1, lo = 1, hi = n_;
        for (;;) {
            out.push_back(v);
            if (lo == hi) return;
            const std::size_t mid = (lo + hi) / 2;
            if (place <= mid)
                v = 2 * v, hi = mid;
            else
                v = 2 * v + 1, lo = mid + 1;
        }
    }
    // The nodes that exactly cover [from, n].
    void cover(std::size_t from, std::vector<std::size_t>& out) const { visit(1, 1, n_, from, n_, out, false); }

private:
    void visit(std::size_t v, std::size_t lo, std::size_t hi, std::size_t a, std::size_t b, std::vector<std::size_t>& out,
               bool every) const {
        if (b < lo || hi < a) return;
        if (every) out.push_back(v);
        if (!every && a <= lo && hi <= b) {
            out.push_back(v);
            return;
        }
        if (lo == hi) return;
        const std::size_t mid = (lo + hi) / 2;
        visit(2 * v, lo, mid, a, b, out, every);
        visit(2 * v + 1, mid + 1, hi, a, b, out, every);
    }
    std::size_t n_;
};

// What the expansion keeps per multiplicity item.
struct Copies {
    Matrix::Bounds bounds;
    std::vector<ItemId> copy;                // C#1 .. C#hi
    std::vector<std::vector<ItemId>> chain;  // between copies k and k+1 (k = 1..hi-1): item per tree node
    std::size_t places = 0;                  // m + 1: C's options, then "no more"
};

// Levels of a PlaceTree over n places: a path holds this many nodes, a cover at most twice.
double tree_levels(std::size_t n) {
    double levels = 1;
    for (std::size_t width = 1; width < n; width *= 2) ++levels;
    return levels;
}

}  // namespace

ExpansionSize expansion_size(const Matrix& m) {
    ExpansionSize size;
    std::vector<std::size_t> listed(m.item_count(), 0);
    for (std::size_t o = 0; o < m.option_count(); ++o)
        for (ItemId i : m.option(static_cast<OptionId>(o)))
            if (m.item_bounds(i) != Matrix::Bounds{}) ++listed[static_cast<std::size_t>(i)];
    size.items = static_cast<double>(m.item_count());
    for (std::size_t i = 0; i < m.item_count(); ++i) {
        const Matrix::Bounds b = m.item_bounds(static_cast<ItemId>(i));
        if (b == Matrix::Bounds{}) continue;
        size.items += b.hi * (1.0 + 2.0 * static_cast<double>(listed[i] + 1));
        size.options += b.hi - b.lo;  // the "no more" options
        size.nodes += (b.hi - b.lo) * (1 + tree_levels(listed[i] + 1));
    }
    for (std::size_t o = 0; o < m.option_count(); ++o) {
        double combinations = 1, items = 0;
        for (ItemId i : m.option(static_cast<OptionId>(o))) {
            const Matrix::Bounds b = m.item_bounds(i);
            if (b == Matrix::Bounds{}) {
                items += 1;
                continue;
            }
            combinations *= b.hi;
            items += 1 + 3 * tree_levels(listed[static_cast<std::size_t>(i)] + 1);
        }
        size.options += combinations;
        size.nodes += combinations * items;
    }
    return size;
}

ExpandedMatrix expand_multiplicities(const Matrix& m, std::size_t max_size) {
    const auto too_large = [max_size] {
        return InputError("the multiplicities expand into more than " + std::to_string(max_size) + " items or option items");
    };
    ExpandedMatrix out;
    if (!m.has_multiplicities()) {
        out.matrix = m;
        for (std::size_t k = 0; k < m.option_count(); ++k) out.original.push_back(static_cast<OptionId>(k));
        return out;
    }
    // Each option's place in the list of every multiplicity item it holds (1-based).
    std::vector<std::size_t> listed(m.item_count(), 0);
    std::vector<std::vector<std::size_t>> place(m.option_count());
    for (std::size_t o = 0; o < m.option_count(); ++o)
        for (ItemId i : m.option(static_cast<OptionId>(o)))
            if (m.item_bounds(i) != Matrix::Bounds{}) place[o].push_back(++listed[static_cast<std::size_t>(i)]);

    // The items to come: the copies, and a tree of about 2 (m + 1) nodes between each two.
    double items = static_cast<double>(m.item_count());
    for (std::size_t i = 0; i < m.item_count(); ++i)
        items += m.item_bounds(static_cast<ItemId>(i)).hi * (1.0 + 2.0 * static_cast<double>(listed[i] + 1));
    if (items > static_cast<double>(max_size)) throw too_large();

    MatrixBuilder b;
    std::vector<ItemId> plain(m.item_count(), -1);
    std::vector<Copies> copies(m.item_count());
    for (std::size_t i = 0; i < m.item_count(); ++i) {
        const Item& item = m.item(static_cast<ItemId>(i));
        const Matrix::Bounds bounds = m.item_bounds(static_cast<ItemId>(i));
        if (bounds == Matrix::Bounds{}) {
            plain[i] = b.add_item(item.name, item.kind);
            continue;
        }
        copies[i].bounds = bounds;
        copies[i].places = listed[i] + 1;
        for (std::uint32_t k = 1; k <= bounds.hi; ++k)
            copies[i].copy.push_back(b.add_item(item.name + "#" + std::to_string(k), Kind::primary));
    }
    std::vector<std::size_t> nodes;
    for (std::size_t i = 0; i < m.item_count(); ++i) {
        Copies& c = copies[i];
        if (c.copy.size() < 2) continue;
        const PlaceTree tree(c.places);
        nodes.clear();
        tree.all(nodes);
        for (std::uint32_t k = 1; k < c.bounds.hi; ++k) {
            c.chain.emplace_back(tree.node_bound(), -1);
            for (std::size_t v : nodes)
                c.chain.back()[v] =
                    b.add_item(m.item(static_cast<ItemId>(i)).name + "#" + std::to_string(k) + "/" + std::to_string(v), Kind::secondary);
        }
    }

    std::vector<ItemId> option_items;
    std::vector<ColourId> colours;
    std::size_t total = 0;
    const auto add = [&](OptionId original) {
        total += option_items.size();
        if (total > max_size) throw too_large();
        if (m.has_colours())
            b.add_option(option_items, colours);
        else
            b.add_option(option_items);
        out.original.push_back(original);
    };
    // Copy k of C at place `at`: its own item, then the order items towards copies k+1 and k-1.
    const auto hold_copy = [&](const Copies& c, std::uint32_t k, std::size_t at, bool real) {
        option_items.push_back(c.copy[k - 1]);
        colours.push_back(0);
        const PlaceTree tree(c.places);
        nodes.clear();
        if (k < c.bounds.hi) tree.path(at, nodes);
        for (std::size_t v : nodes) option_items.push_back(c.chain[k - 1][v]), colours.push_back(0);
        nodes.clear();
        if (real && k > 1) tree.cover(at, nodes);
        for (std::size_t v : nodes) option_items.push_back(c.chain[k - 2][v]), colours.push_back(0);
    };

    std::vector<ItemId> held;  // the option's multiplicity items
    std::vector<std::uint32_t> k;
    for (std::size_t o = 0; o < m.option_count(); ++o) {
        const auto option = m.option(static_cast<OptionId>(o));
        const auto option_colours = m.option_colours(static_cast<OptionId>(o));
        held.clear();
        for (ItemId i : option)
            if (plain[static_cast<std::size_t>(i)] < 0) held.push_back(i);
        k.assign(held.size(), 1);
        for (;;) {  // every combination of copies, the last item's fastest
            option_items.clear();
            colours.clear();
            for (std::size_t j = 0; j < option.size(); ++j)
                if (const ItemId p = plain[static_cast<std::size_t>(option[j])]; p >= 0)
                    option_items.push_back(p),
                        colours.push_back(option_colours.empty() || option_colours[j] == 0 ? 0
                                                                                           : b.colour(m.colour_name(option_colours[j])));
            for (std::size_t h = 0; h < held.size(); ++h) hold_copy(copies[static_cast<std::size_t>(held[h])], k[h], place[o][h], true);
            add(static_cast<OptionId>(o));
            std::size_t h = held.size();
            while (h > 0 && k[h - 1] == copies[static_cast<std::size_t>(held[h - 1])].bounds.hi) k[--h] = 1;
            if (h == 0) break;
            ++k[h - 1];
        }
    }
    for (std::size_t i = 0; i < m.item_count(); ++i) {
        const Copies& c = copies[i];
        for (std::uint32_t copy = c.bounds.lo + 1; copy <= c.bounds.hi && !c.copy.empty(); ++copy) {
            option_items.clear();
            colours.clear();
            hold_copy(c, copy, c.places, false);
            add(-1);
        }
    }
    out.matrix = std::move(b).build();
    return out;
}

}  // namespace xcount
