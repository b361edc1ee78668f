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
    size.items = size.least_items = static_cast<double>(m.item_count());
    for (std::size_t i = 0; i < m.item_count(); ++i) {
        const Matrix::Bounds b = m.item_bounds(static_cast<ItemId>(i));
        if (b == Matrix::Bounds{}) continue;
        size.least_items += b.hi - 1;  // C itself becomes its hi copies
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

namespace {

// One expansion under way: the items (plain ones, copies, the order items between copies), then
// every option in each combination of copies, then the slack options ("no more" copies).
class Expansion {
public:
    Expansion(const Matrix& m, std::size_t max_size) : m_(m), max_size_(max_size), plain_(m.item_count(), -1), copies_(m.item_count()) {
        number_places();
        check_item_count();
        declare_items();
        declare_chains();
    }

    ExpandedMatrix result() && {
        for (std::size_t o = 0; o < m_.option_count(); ++o) expand_option(o);
        add_slack();
        out_.matrix = std::move(b_).build();
        return std::move(out_);
    }

private:
    InputError too_large() const {
        return InputError("the multiplicities expand into more than " + std::to_string(max_size_) + " items or option items");
    }

    // Each option's place in the list of every multiplicity item it holds (1-based).
    void number_places() {
        listed_.assign(m_.item_count(), 0);
        place_.resize(m_.option_count());
        for (std::size_t o = 0; o < m_.option_count(); ++o)
            for (ItemId i : m_.option(static_cast<OptionId>(o)))
                if (m_.item_bounds(i) != Matrix::Bounds{}) place_[o].push_back(++listed_[static_cast<std::size_t>(i)]);
    }

    // The items to come: the copies, and a tree of about 2 (m + 1) nodes between each two.
    void check_item_count() const {
        double items = static_cast<double>(m_.item_count());
        for (std::size_t i = 0; i < m_.item_count(); ++i)
            items += m_.item_bounds(static_cast<ItemId>(i)).hi * (1.0 + 2.0 * static_cast<double>(listed_[i] + 1));
        if (items > static_cast<double>(max_size_)) throw too_large();
    }

    void declare_items() {
        for (std::size_t i = 0; i < m_.item_count(); ++i) {
            const Item& item = m_.item(static_cast<ItemId>(i));
            const Matrix::Bounds bounds = m_.item_bounds(static_cast<ItemId>(i));
            if (bounds == Matrix::Bounds{}) {
                plain_[i] = b_.add_item(item.name, item.kind);
                continue;
            }
            copies_[i].bounds = bounds;
            copies_[i].places = listed_[i] + 1;
            for (std::uint32_t k = 1; k <= bounds.hi; ++k)
                copies_[i].copy.push_back(b_.add_item(item.name + "#" + std::to_string(k), Kind::primary));
        }
    }

    void declare_chains() {
        for (std::size_t i = 0; i < m_.item_count(); ++i) {
            Copies& c = copies_[i];
            if (c.copy.size() < 2) continue;
            const PlaceTree tree(c.places);
            nodes_.clear();
            tree.all(nodes_);
            for (std::uint32_t k = 1; k < c.bounds.hi; ++k) {
                c.chain.emplace_back(tree.node_bound(), -1);
                for (std::size_t v : nodes_)
                    c.chain.back()[v] = b_.add_item(
                        m_.item(static_cast<ItemId>(i)).name + "#" + std::to_string(k) + "/" + std::to_string(v), Kind::secondary);
            }
        }
    }

    void add(OptionId original) {
        total_ += option_items_.size();
        if (total_ > max_size_) throw too_large();
        if (m_.has_colours())
            b_.add_option(option_items_, colours_);
        else
            b_.add_option(option_items_);
        out_.original.push_back(original);
    }

    void push(ItemId item, ColourId colour = 0) { option_items_.push_back(item), colours_.push_back(colour); }

    // Copy k of C at place `at`: its own item, then the order items towards copies k+1 and k-1.
    void hold_copy(const Copies& c, std::uint32_t k, std::size_t at, bool real) {
        push(c.copy[k - 1]);
        const PlaceTree tree(c.places);
        nodes_.clear();
        if (k < c.bounds.hi) tree.path(at, nodes_);
        for (std::size_t v : nodes_) push(c.chain[k - 1][v]);
        nodes_.clear();
        if (real && k > 1) tree.cover(at, nodes_);
        for (std::size_t v : nodes_) push(c.chain[k - 2][v]);
    }

    // Option o once for every combination of copies of its multiplicity items, the last item's fastest.
    void expand_option(std::size_t o) {
        const auto option = m_.option(static_cast<OptionId>(o));
        const auto option_colours = m_.option_colours(static_cast<OptionId>(o));
        std::vector<ItemId> held;  // the option's multiplicity items
        for (ItemId i : option)
            if (plain_[static_cast<std::size_t>(i)] < 0) held.push_back(i);
        std::vector<std::uint32_t> k(held.size(), 1);
        for (;;) {
            option_items_.clear();
            colours_.clear();
            for (std::size_t j = 0; j < option.size(); ++j)
                if (const ItemId p = plain_[static_cast<std::size_t>(option[j])]; p >= 0)
                    push(p, option_colours.empty() || option_colours[j] == 0 ? 0 : b_.colour(m_.colour_name(option_colours[j])));
            for (std::size_t h = 0; h < held.size(); ++h) hold_copy(copies_[static_cast<std::size_t>(held[h])], k[h], place_[o][h], true);
            add(static_cast<OptionId>(o));
            std::size_t h = held.size();
            while (h > 0 && k[h - 1] == copies_[static_cast<std::size_t>(held[h - 1])].bounds.hi) k[--h] = 1;
            if (h == 0) break;
            ++k[h - 1];
        }
    }

    // For each copy above the lower bound: an option taking it, at the place after every option.
    void add_slack() {
        for (std::size_t i = 0; i < m_.item_count(); ++i) {
            const Copies& c = copies_[i];
            for (std::uint32_t copy = c.bounds.lo + 1; copy <= c.bounds.hi && !c.copy.empty(); ++copy) {
                option_items_.clear();
                colours_.clear();
                hold_copy(c, copy, c.places, false);
                add(-1);
            }
        }
    }

    const Matrix& m_;
    std::size_t max_size_;
    std::vector<std::size_t> listed_;              // options per multiplicity item
    std::vector<std::vector<std::size_t>> place_;  // per option, its place in each of its multiplicity items' lists
    std::vector<ItemId> plain_;                    // the expanded id of a plain item (-1: a multiplicity item)
    std::vector<Copies> copies_;
    MatrixBuilder b_;
    ExpandedMatrix out_;
    std::vector<std::size_t> nodes_;
    std::vector<ItemId> option_items_;
    std::vector<ColourId> colours_;
    std::size_t total_ = 0;  // option items so far
};

}  // namespace

ExpandedMatrix expand_multiplicities(const Matrix& m, std::size_t max_size) {
    if (!m.has_multiplicities()) {
        ExpandedMatrix out;
        out.matrix = m;
        for (std::size_t k = 0; k < m.option_count(); ++k) out.original.push_back(static_cast<OptionId>(k));
        return out;
    }
    return Expansion(m, max_size).result();
}

}  // namespace xcount
