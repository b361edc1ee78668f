#include "xcount/dancer.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "xcount/hash.hpp"

namespace xcount {

Dancer::Dancer(const Matrix& matrix) : SearchSkeleton(matrix) {
    const std::size_t n = matrix.item_count();
    const std::size_t total = n + 2 + matrix.option_count() + matrix.node_count();
    if (total >= (std::size_t{1} << 32) / kStride) throw InputError("matrix too big for the dancer: " + std::to_string(total) + " nodes");
    auto ref = [](std::size_t index) { return static_cast<Ref>(index * kStride); };

    // Root ring: the primary items in id order. Secondary items link to themselves.
    links_.assign(n + 1, Link{0, 0, 0});
    std::size_t last = 0;
    for (std::size_t i = 1; i <= n; ++i) {
        if (matrix.is_primary(static_cast<ItemId>(i - 1))) {
            links_[last].next = ref(i);
            links_[i].prev = ref(last);
            last = i;
        } else {
            links_[i] = {ref(i), ref(i), 0};
        }
    }
    links_[last].next = 0;
    links_[0].prev = ref(last);

    nodes_.reserve(total);
    node_option_.reserve(total);
    coloured_ = matrix.has_colours();
    if (coloured_) colour_.assign(total, 0);
    nodes_.push_back({0, 0, 0});  // the root's slot, so that item i's header is node i
    for (std::size_t i = 1; i <= n; ++i) nodes_.push_back({ref(i), ref(i), 0});
    node_option_.assign(nodes_.size(), -1);

    std::size_t spacer = nodes_.size();
    nodes_.push_back({0, 0, 0});
    node_option_.push_back(-1);
    option_first_.reserve(matrix.option_count());
    for (std::size_t k = 0; k < matrix.option_count(); ++k) {
        const std::size_t first = nodes_.size();
        option_first_.push_back(ref(first));
        const auto items = matrix.option(static_cast<OptionId>(k));
        const auto colours = matrix.option_colours(static_cast<OptionId>(k));
        for (std::size_t j = 0; j < items.size(); ++j) {
            const ItemId item = items[j];
            if (coloured_) colour_[nodes_.size()] = static_cast<std::int32_t>(colours[j]);
            const std::size_t header = static_cast<std::size_t>(item) + 1;
            const Ref self = ref(nodes_.size());
            const Ref above = nodes_[header].up;
            nodes_.push_back({above, ref(header), ref(header)});
            node(above).down = self;
            nodes_[header].up = self;
            ++nodes_[header].top;
            node_option_.push_back(static_cast<OptionId>(k));
        }
        nodes_[spacer].down = ref(nodes_.size() - 1);
        spacer = nodes_.size();
        nodes_.push_back({ref(first), 0, 0});
        node_option_.push_back(-1);
    }
    choice_.assign(matrix.primary_count() + 1, 0);
    branch_.assign(matrix.primary_count() + 1, 0);
    solution_.reserve(matrix.primary_count() + 1);
}

std::vector<OptionId> Dancer::branch_options() const {
    std::vector<OptionId> out;
    if (solved()) return out;
    const Ref best = choose_at(depth_);
    for (Ref p = node(best).down; p != best; p = node(p).down) out.push_back(node_option_[p / kStride]);
    return out;
}

Dancer::Ref Dancer::option_node(OptionId option, Ref item) const {
    Ref at = option_first_[static_cast<std::size_t>(option)];
    while (node(at).top != 0 && node(at).top != item) at += kStride;
    return at;
}

bool Dancer::is_live(int, OptionId option, Ref item) const {
    // A hidden option is out of the item's column: an earlier choice conflicts with it.
    const Ref at = option_node(option, item);
    for (Ref p = node(item).down; p != item; p = node(p).down)
        if (p == at) return true;
    return false;
}

PushCost Dancer::take(int level, OptionId option, Ref item) {
    PushCost cost;
    cost.item = open(level, item);
    const Ref at = option_node(option, item);
    choice_[static_cast<std::size_t>(level)] = at;
    cost.rest = take_rest(at);
    return cost;
}

void Dancer::place(std::span<const OptionId> prefix) {
    for (OptionId option : prefix) {
        const std::string where = "placing option " + std::to_string(option);
        if (option < 0 || static_cast<std::size_t>(option) >= option_count()) throw InputError(where + ": it does not exist");
        Ref item = 0;  // one of its primary items still to cover (a secondary one links to itself)
        for (Ref at = option_first_[static_cast<std::size_t>(option)]; node(at).top != 0 && item == 0; at += kStride)
            if (link(node(at).top).next != node(at).top && is_open(depth_, node(at).top)) item = node(at).top;
        if (item == 0 || !is_live(depth_, option, item)) throw InputError(where + ": it conflicts with an earlier choice");
        take(depth_, option, item);
        ++depth_;
    }
}

std::uint64_t Dancer::dead_end_cost() const { return rule_.rule == ChooseRule::scan ? scan_cost(depth_, choose_at(depth_)) : 1; }

bool Dancer::primary_item(ItemId id, Ref& item) const {
    item = static_cast<Ref>(id + 1) * kStride;
    return id >= 0 && static_cast<std::size_t>(id) + 1 < links_.size() && link(item).next != item;
}

std::uint64_t Dancer::checksum() const {
    // Every link and length, and the position: the walk's choices above the depth.
    Hash64 h;
    for (const Link& l : links_) h.add(l.prev).add(l.next);
    for (const Node& nd : nodes_) h.add(nd.up).add(nd.down).add(nd.top);
    for (std::int32_t c : colour_) h.add(static_cast<std::uint64_t>(static_cast<std::int64_t>(c)));
    for (int k = 0; k < depth_; ++k) h.add(choice_[static_cast<std::size_t>(k)]).add(branch_[static_cast<std::size_t>(k)]);
    h.add(static_cast<std::uint64_t>(depth_));
    return h.value();
}

std::uint64_t Dancer::hide_coloured(Ref at) {
    std::uint64_t updates = 0;
    for (Ref nn = at + kStride; nn != at;) {
        const Node& n = node(nn);
        if (n.top == 0) {
            nn = n.up;
            continue;
        }
        if (colour(nn) >= 0) {
            node(n.up).down = n.down;
            node(n.down).up = n.up;
            --node(n.top).top;
            ++updates;
        }
        nn += kStride;
    }
    return updates;
}

void Dancer::unhide_coloured(Ref at) {
    for (Ref nn = at - kStride; nn != at;) {
        const Node& n = node(nn);
        if (n.top == 0) {
            nn = n.down;
            continue;
        }
        if (colour(nn) >= 0) {
            node(n.up).down = nn;
            node(n.down).up = nn;
            ++node(n.top).top;
        }
        nn -= kStride;
    }
}

std::uint64_t Dancer::cover_coloured(Ref item) {
    const Ref l = link(item).prev, r = link(item).next;
    link(l).next = r;
    link(r).prev = l;
    std::uint64_t updates = 1;
    for (Ref rr = node(item).down; rr != item; rr = node(rr).down) updates += hide_coloured(rr);
    return updates;
}

void Dancer::uncover_coloured(Ref item) {
    for (Ref rr = node(item).up; rr != item; rr = node(rr).up) unhide_coloured(rr);
    const Ref l = link(item).prev, r = link(item).next;
    link(l).next = item;
    link(r).prev = item;
}

std::uint64_t Dancer::purify(Ref at) {
    const std::int32_t c = colour(at);
    const Ref item = node(at).top;
    std::uint64_t updates = 0;
    for (Ref q = node(item).down; q != item; q = node(q).down) {
        if (q == at) continue;  // keeps its colour: uncommit_rest finds it purified by it
        if (colour(q) == c)
            colour(q) = -1;
        else
            updates += hide_coloured(q);
    }
    return updates;
}

void Dancer::unpurify(Ref at) {
    const std::int32_t c = colour(at);
    const Ref item = node(at).top;
    for (Ref q = node(item).up; q != item; q = node(q).up) {
        if (colour(q) < 0)
            colour(q) = c;
        else if (q != at)
            unhide_coloured(q);
    }
}

std::uint64_t Dancer::commit_rest(Ref at) {
    std::uint64_t updates = 0;
    for (Ref p = at + kStride; p != at;) {
        const Ref t = node(p).top;
        if (t == 0) {
            p = node(p).up;
            continue;
        }
        if (colour(p) == 0)
            updates += cover_coloured(t);
        else if (colour(p) > 0)
            updates += purify(p);
        p += kStride;
    }
    return updates;
}

void Dancer::uncommit_rest(Ref at) {
    for (Ref p = at - kStride; p != at;) {
        const Ref t = node(p).top;
        if (t == 0) {
            p = node(p).down;
            continue;
        }
        if (colour(p) == 0)
            uncover_coloured(t);
        else if (colour(p) > 0)
            unpurify(p);
        p -= kStride;
    }
}

std::size_t Dancer::memory_bytes() const {
    return links_.capacity() * sizeof(Link) + nodes_.capacity() * sizeof(Node) + option_first_.capacity() * sizeof(Ref) +
           node_option_.capacity() * sizeof(OptionId) + (choice_.capacity() + branch_.capacity()) * sizeof(Ref) +
           solution_.capacity() * sizeof(OptionId);
}

}  // namespace xcount
