#include "xcount/dancer.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "xcount/hash.hpp"

namespace xcount {

Dancer::Dancer(const Matrix& matrix) : SearchSkeleton(matrix) {
    const std::size_t total = matrix.item_count() + 2 + matrix.option_count() + matrix.node_count();
    if (total >= (std::size_t{1} << 32) / kStride) throw InputError("matrix too big for the dancer: " + std::to_string(total) + " nodes");
    link_items(matrix);
    lay_out_options(matrix, total);
    // Each level covers a primary item, or under Algorithm M takes an option or closes an item.
    const std::size_t levels = multiplicities_ ? levels_with_multiplicities(matrix) : matrix.primary_count() + 1;
    choice_.assign(levels, 0);
    branch_.assign(levels, 0);
    solution_.reserve(levels);
}

void Dancer::link_items(const Matrix& matrix) {
    const std::size_t n = matrix.item_count();
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
}

void Dancer::lay_out_options(const Matrix& matrix, std::size_t total) {
    const std::size_t n = matrix.item_count();
    auto ref = [](std::size_t index) { return static_cast<Ref>(index * kStride); };
    nodes_.reserve(total);
    node_option_.reserve(total);
    coloured_ = matrix.has_colours();
    multiplicities_ = matrix.has_multiplicities();
    extended_ = coloured_ || multiplicities_;
    if (coloured_) colour_.assign(total, 0);
    nodes_.push_back({0, 0, 0});  // the root's slot, so that item i's header is node i
    for (std::size_t i = 1; i <= n; ++i) nodes_.push_back({ref(i), ref(i), 0});
    node_option_.assign(nodes_.size(), -1);
    // A header stands for its item's null move: the choice the path holds when the walk closes it.
    for (std::size_t i = 1; i <= n; ++i) node_option_[i] = static_cast<OptionId>(matrix.option_count() + i - 1);

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
}

std::size_t Dancer::levels_with_multiplicities(const Matrix& matrix) {
    const std::size_t n = matrix.item_count();
    std::size_t options = 0;
    bound_.assign(n + 1, -1);
    slack_.assign(n + 1, -1);
    for (std::size_t i = 1; i <= n; ++i) {
        if (!matrix.is_primary(static_cast<ItemId>(i - 1))) continue;
        const Matrix::Bounds b = matrix.item_bounds(static_cast<ItemId>(i - 1));
        bound_[i] = static_cast<std::int32_t>(b.hi);
        slack_[i] = static_cast<std::int32_t>(b.hi - b.lo);
        options += std::min<std::size_t>(b.hi, nodes_[i].top);
    }
    const std::size_t levels = std::min(options, matrix.option_count()) + matrix.primary_count() + 1;
    first_tweak_.assign(levels, 0);
    move_.assign(levels, Move::dead);
    return levels;
}

std::vector<OptionId> Dancer::branch_options() const {
    std::vector<OptionId> out;
    if (solved()) return out;
    const Ref best = choose_at(depth_);
    if (multiplicities_ && score(best) <= 0) return out;
    std::uint32_t position = 0;
    for (Ref p = node(best).down; p != best; p = node(p).down, ++position)
        if (!multiplicities_ || reaches(best, position)) out.push_back(node_option_[p / kStride]);
    if (multiplicities_ && reaches(best, position)) out.push_back(node_option_[best / kStride]);
    return out;
}

Dancer::Ref Dancer::option_node(OptionId option, Ref item) const {
    Ref at = option_first_[static_cast<std::size_t>(option)];
    while (node(at).top != 0 && node(at).top != item) at += kStride;
    return at;
}

bool Dancer::is_live(int, OptionId option, Ref item) const {
    // A hidden option is out of the item's column: an earlier choice conflicts with it.
    // Under Algorithm M the walk must also reach it, and reach the null move.
    if (multiplicities_ && score(item) <= 0) return false;
    const bool null_move = !is_option(option);
    const Ref at = null_move ? item : option_node(option, item);
    std::uint32_t position = 0;
    for (Ref p = node(item).down; p != item && p != at; p = node(p).down) ++position;
    if (!multiplicities_) return position < node(item).top;
    return (null_move || position < node(item).top) && reaches(item, position);
}

PushCost Dancer::take(int level, OptionId option, Ref item) {
    PushCost cost;
    cost.item = open(level, item);
    const auto l = static_cast<std::size_t>(level);
    if (multiplicities_) {
        // The walk's way there: the options before it taken and given up (tweaked out of the
        // list). Their tweaks are their own branches' cost, not this one's: the estimator adds
        // up the costs of the branches it samples.
        const Ref at = is_option(option) ? option_node(option, item) : item;
        for (Ref p = node(item).down; p != at; p = node(p).down) {
            if (bound(item) != 0 || slack(item) != 0) tweak(p, bound(item) != 0);
            choice_[l] = p;
        }
        std::uint64_t u = 0;
        next(level, u);
        cost.rest += u;
        return cost;
    }
    const Ref at = option_node(option, item);
    choice_[l] = at;
    cost.rest = take_rest(at);
    return cost;
}

void Dancer::place(std::span<const OptionId> prefix) {
    for (OptionId option : prefix) {
        const std::string where = "placing option " + std::to_string(option);
        if (option < 0 || static_cast<std::size_t>(option) >= option_count() + null_moves_) throw InputError(where + ": it does not exist");
        Ref item = 0;  // one of its primary items still to cover (a secondary one links to itself)
        if (!is_option(option)) {
            item = static_cast<Ref>(static_cast<std::size_t>(option) - option_count() + 1) * kStride;
            if (!is_open(depth_, item)) item = 0;
        }
        for (Ref at = is_option(option) ? option_first_[static_cast<std::size_t>(option)] : 0; node(at).top != 0 && item == 0;
             at += kStride)
            if (link(node(at).top).next != node(at).top && is_open(depth_, node(at).top)) item = node(at).top;
        if (item == 0 || !is_live(depth_, option, item)) throw InputError(where + ": it conflicts with an earlier choice");
        take(depth_, option, item);
        ++depth_;
    }
}

std::uint64_t Dancer::dead_end_cost() const {
    if (rule_.rule == ChooseRule::scan) return scan_cost(depth_, choose_at(depth_));
    return multiplicities_ ? 0 : 1;  // Algorithm M leaves a dead end before covering anything
}

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
    for (std::int32_t b : bound_) h.add(static_cast<std::uint64_t>(static_cast<std::int64_t>(b)));
    for (int k = 0; k < depth_; ++k) h.add(choice_[static_cast<std::size_t>(k)]).add(branch_[static_cast<std::size_t>(k)]);
    h.add(static_cast<std::uint64_t>(depth_));
    return h.value();
}

std::uint64_t Dancer::hide_others(Ref at) {
    std::uint64_t updates = 0;
    for (Ref nn = at + kStride; nn != at;) {
        const Node& n = node(nn);
        if (n.top == 0) {
            nn = n.up;
            continue;
        }
        if (!agrees(nn)) {
            node(n.up).down = n.down;
            node(n.down).up = n.up;
            --node(n.top).top;
            ++updates;
        }
        nn += kStride;
    }
    return updates;
}

void Dancer::unhide_others(Ref at) {
    for (Ref nn = at - kStride; nn != at;) {
        const Node& n = node(nn);
        if (n.top == 0) {
            nn = n.down;
            continue;
        }
        if (!agrees(nn)) {
            node(n.up).down = nn;
            node(n.down).up = nn;
            ++node(n.top).top;
        }
        nn -= kStride;
    }
}

std::uint64_t Dancer::hide_column(Ref item) {
    std::uint64_t updates = 0;
    for (Ref rr = node(item).down; rr != item; rr = node(rr).down) updates += hide_others(rr);
    return updates;
}

void Dancer::unhide_column(Ref item) {
    for (Ref rr = node(item).up; rr != item; rr = node(rr).up) unhide_others(rr);
}

std::uint64_t Dancer::cover_general(Ref item) {
    unlink_item(item);
    return 1 + hide_column(item);
}

void Dancer::uncover_general(Ref item) {
    unhide_column(item);
    relink_item(item);
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
            updates += hide_others(q);
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
            unhide_others(q);
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
        if (counted(t)) {
            if (--bound(t) == 0) updates += cover_general(t);
        } else if (const std::int32_t c = colour_of(p); c == 0) {
            updates += cover_general(t);
        } else if (c > 0) {
            updates += purify(p);
        }
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
        if (counted(t)) {
            if (bound(t) == 0) uncover_general(t);
            ++bound(t);
        } else if (const std::int32_t c = colour_of(p); c == 0) {
            uncover_general(t);
        } else if (c > 0) {
            unpurify(p);
        }
        p -= kStride;
    }
}

// ---- Algorithm M (DLX3): its steps M3-M8 as the walk's hooks ----

std::int64_t Dancer::score(Ref item) const {
    const std::int64_t b = bound(item), s = std::min(slack(item), bound(item));
    return std::int64_t{node(item).top} + s - b + 1;
}

Dancer::Ref Dancer::choose_m() const {
    // Least score; ties to less slack, then to the longer list (DLX3: that tends to shrink the
    // tree's middle levels), then to ring order.
    Ref best = link(0).next;
    std::int64_t best_score = score(best);
    for (Ref k = link(best).next; k != 0; k = link(k).next) {
        const std::int64_t t = score(k);
        const std::int32_t s = std::min(slack(k), bound(k)), best_s = std::min(slack(best), bound(best));
        if (t < best_score || (t == best_score && (s < best_s || (s == best_s && node(k).top > node(best).top)))) best = k, best_score = t;
    }
    return best;
}

bool Dancer::reaches(Ref item, std::uint32_t position) const {
    // Branching lessens the bound; when it and the slack are then 0, the walk takes each option
    // in turn and never the null move. Otherwise each option tried is tweaked out of the list
    // first, and the walk stops once the list holds no more than bound - slack options.
    const std::int64_t b = bound(item) - 1, s = slack(item);
    const std::int64_t length = node(item).top;
    if (b == 0 && s == 0) return position < length;
    return !list_spent(b, s, length - position);
}

std::uint64_t Dancer::tweak(Ref at, bool block) {
    std::uint64_t updates = block ? hide_others(at) : 0;
    const Node& n = node(at);
    node(n.up).down = n.down;
    node(n.down).up = n.up;
    --node(n.top).top;
    return updates + 1;
}

void Dancer::untweak(Ref item, Ref first, bool unblock) {
    // The tweaked options still point down to their successors: relink the list from `first`
    // to the item's present top, and put the options back into the other lists.
    const Ref top = node(item).down;
    node(item).down = first;
    Ref above = item;
    std::uint32_t back = 0;
    for (Ref p = first; p != top; above = p, p = node(p).down) {
        node(p).up = above;
        ++back;
        if (unblock) unhide_others(p);
    }
    node(top).up = above;
    node(item).top += back;
}

std::uint64_t Dancer::open_m(int level, Ref item) {
    const auto l = static_cast<std::size_t>(level);
    if (score(item) <= 0) {
        move_[l] = Move::dead;
        choice_[l] = node(item).up;  // next() finds the list's end
        return 0;
    }
    move_[l] = Move::options;
    first_tweak_[l] = node(item).down;
    const std::int32_t b = --bound(item);
    const std::uint64_t updates = b == 0 ? cover_general(item) : 0;
    end_if_spent(level);
    return updates;
}

void Dancer::end_if_spent(int level) {
    const auto l = static_cast<std::size_t>(level);
    const Ref item = branch_[l];
    if (list_spent(bound(item), slack(item), node(item).top)) {
        move_[l] = Move::spent;
        choice_[l] = node(item).up;
    }
}

std::uint64_t Dancer::take_m(Ref at) {
    const Ref item = node(at).top;
    const std::int32_t b = bound(item);
    const std::uint64_t updates = b != 0 || slack(item) != 0 ? tweak(at, b != 0) : 0;
    return updates + commit_rest(at);
}

bool Dancer::null_move(int level, std::uint64_t& cost) {
    // Reached once every option is tweaked out of the list, when the item may take no more.
    const auto l = static_cast<std::size_t>(level);
    const Ref item = branch_[l];
    if (move_[l] != Move::options || (bound(item) == 0 && slack(item) == 0)) return false;
    if (bound(item) != 0) unlink_item(item);  // with a bound of 0 it left the ring when covered
    move_[l] = Move::null_move;
    choice_[l] = item;
    cost = 0;
    return true;
}

void Dancer::retreat_m(int level) {
    const auto l = static_cast<std::size_t>(level);
    if (move_[l] == Move::null_move) {
        if (bound(branch_[l]) != 0) relink_item(branch_[l]);
        return;
    }
    uncommit_rest(choice_[l]);
    end_if_spent(level);
}

void Dancer::close_m(int level) {
    const auto l = static_cast<std::size_t>(level);
    if (move_[l] == Move::dead) return;
    const Ref item = branch_[l];
    const std::int32_t b = bound(item);
    if (b != 0 || slack(item) != 0) untweak(item, first_tweak_[l], b != 0);
    if (b == 0) uncover_general(item);
    ++bound(item);
}

std::size_t Dancer::memory_bytes() const {
    return links_.capacity() * sizeof(Link) + nodes_.capacity() * sizeof(Node) + option_first_.capacity() * sizeof(Ref) +
           node_option_.capacity() * sizeof(OptionId) + (choice_.capacity() + branch_.capacity()) * sizeof(Ref) +
           solution_.capacity() * sizeof(OptionId);
}

}  // namespace xcount

XCOUNT_DANCER_INSTANCES()
