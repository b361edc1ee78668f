#include "xcount/frontier.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <cmath>
#include <numeric>
#include <optional>
#include <string>
#include <tuple>

#include <omp.h>
#include <limits>

#include "xcount/error.hpp"
#include "frontier_layer.hpp"
#include "frontier_renaming.hpp"
#include "xcount/hash.hpp"

namespace xcount {

namespace {

using Positions = std::vector<std::uint32_t>;

// The primary items in reverse Cuthill-McKee order over the graph of items that share an
// option: each connected part from an item of least degree, breadth first, neighbours by
// degree; then reversed. It keeps items that share options close, whatever the file's order.
std::vector<ItemId> reverse_cuthill_mckee(const Matrix& matrix) {
    const std::size_t n = matrix.item_count();
    std::vector<std::vector<OptionId>> holding(n);
    std::vector<std::size_t> degree(n, 0);
    for (std::size_t o = 0; o < matrix.option_count(); ++o) {
        const auto items = matrix.option(static_cast<OptionId>(o));
        for (ItemId i : items)
            holding[static_cast<std::size_t>(i)].push_back(static_cast<OptionId>(o)),
                degree[static_cast<std::size_t>(i)] += items.size() - 1;
    }
    std::vector<ItemId> primaries;
    for (std::size_t i = 0; i < n; ++i)
        if (matrix.is_primary(static_cast<ItemId>(i))) primaries.push_back(static_cast<ItemId>(i));
    const auto by_degree = [&](ItemId a, ItemId b) { return degree[static_cast<std::size_t>(a)] < degree[static_cast<std::size_t>(b)]; };
    std::stable_sort(primaries.begin(), primaries.end(), by_degree);
    std::vector<char> seen(n, 0);
    std::vector<ItemId> order, next;
    for (ItemId start : primaries) {
        if (seen[static_cast<std::size_t>(start)]) continue;
        seen[static_cast<std::size_t>(start)] = 1;
        order.push_back(start);
        for (std::size_t head = order.size() - 1; head < order.size(); ++head) {
            next.clear();
            for (OptionId o : holding[static_cast<std::size_t>(order[head])])
                for (ItemId i : matrix.option(o))
                    if (matrix.is_primary(i) && !seen[static_cast<std::size_t>(i)])
                        seen[static_cast<std::size_t>(i)] = 1, next.push_back(i);
            std::stable_sort(next.begin(), next.end(), by_degree);
            order.insert(order.end(), next.begin(), next.end());
        }
    }
    std::reverse(order.begin(), order.end());
    return order;
}

// Per item, given the primary items' ranks: whether it leads an option (is the option's primary
// item of least rank), whether an option with a primary item holds it, and the latest rank of
// the lead of an option that holds it.
struct Leads {
    std::vector<char> leads, held;
    std::vector<std::uint64_t> latest;
};

std::vector<std::uint64_t> ranks_of(const Matrix& matrix, const std::vector<ItemId>& primary_order) {
    std::vector<std::uint64_t> rank(matrix.item_count(), 0);
    for (std::size_t r = 0; r < primary_order.size(); ++r) rank[static_cast<std::size_t>(primary_order[r])] = r;
    return rank;
}

Leads leads_of(const Matrix& matrix, const std::vector<std::uint64_t>& rank) {
    const std::size_t n = matrix.item_count();
    Leads l{std::vector<char>(n, 0), std::vector<char>(n, 0), std::vector<std::uint64_t>(n, 0)};
    for (std::size_t o = 0; o < matrix.option_count(); ++o) {
        const auto items = matrix.option(static_cast<OptionId>(o));
        std::optional<ItemId> leader;
        for (ItemId i : items)
            if (matrix.is_primary(i) && (!leader || rank[static_cast<std::size_t>(i)] < rank[static_cast<std::size_t>(*leader)]))
                leader = i;
        if (!leader) continue;  // (no primary item: never taken)
        const std::uint64_t lead = rank[static_cast<std::size_t>(*leader)];
        l.leads[static_cast<std::size_t>(*leader)] = 1;
        for (ItemId i : items) {
            const auto k = static_cast<std::size_t>(i);
            l.latest[k] = std::max(l.latest[k], lead), l.held[k] = 1;
        }
    }
    return l;
}

std::vector<ItemId> sorted_by(std::vector<ItemId> items, const std::vector<std::uint64_t>& key) {
    std::stable_sort(items.begin(), items.end(),
                     [&](ItemId a, ItemId b) { return key[static_cast<std::size_t>(a)] < key[static_cast<std::size_t>(b)]; });
    return items;
}

// The primary items' order with each item that leads no option moved back to right after the
// last item that leads an option holding it: where a board's cells lead every option, a row's
// or a box's items then leave the window with the row or the box, not at the end of the board.
// No option's lead changes, and no window grows.
std::vector<ItemId> after_their_leads(const Matrix& matrix, const std::vector<ItemId>& primary_order) {
    const std::vector<std::uint64_t> rank = ranks_of(matrix, primary_order);
    const Leads l = leads_of(matrix, rank);
    std::vector<std::uint64_t> key(matrix.item_count(), 0);
    for (ItemId i : primary_order) {
        const auto k = static_cast<std::size_t>(i);
        key[k] = l.leads[k] || !l.held[k] ? 2 * rank[k] : 2 * l.latest[k] + 1;
    }
    return sorted_by(primary_order, key);
}

// Every item's position, given the primary items' order: a secondary item goes right after the
// last primary position that leads an option holding it.
std::vector<ItemId> with_secondaries(const Matrix& matrix, const std::vector<ItemId>& primary_order) {
    const std::vector<std::uint64_t> rank = ranks_of(matrix, primary_order);
    const Leads l = leads_of(matrix, rank);
    std::vector<ItemId> items(matrix.item_count());
    std::iota(items.begin(), items.end(), ItemId{0});
    std::vector<std::uint64_t> key(matrix.item_count(), 0);
    for (ItemId i : items) {
        const auto k = static_cast<std::size_t>(i);
        key[k] = matrix.is_primary(i) ? 2 * rank[k] : 2 * l.latest[k] + 1;
    }
    return sorted_by(std::move(items), key);
}

}  // namespace

// The options as sorted positions (the matrix's, then one per position of a secondary item
// holding it alone). A primary item is one position; a secondary item one for "held", then one
// per colour that options give it (the memo engine's encoding: an option giving it colour c
// tests c's position and sets the others and "held"; one giving no colour tests "held" and sets
// them all). Per entry, whether the option tests the position (it must be free) and whether it
// sets it: a primary item's, and "held" without a colour, both.
struct Frontier::Laid {
    static constexpr std::uint8_t kTests = 1, kSets = 2;
    std::vector<ItemId> item_at;  // per position, its item
    std::vector<std::uint32_t> begin{0};
    Positions positions;
    std::vector<std::uint8_t> roles;  // per entry of positions: kTests, kSets or both
};

namespace {

using namespace layers;  // Layer, Box, CountShape and the count arithmetic

using Laid = Frontier::Laid;

Laid lay_out(const Matrix& matrix, const std::vector<ItemId>& order) {
    Laid laid;
    const std::vector<std::vector<ColourId>> given = colours_given(matrix);
    std::vector<std::uint32_t> position_of(matrix.item_count(), 0);  // per item, its first position
    for (ItemId item : order) {
        position_of[static_cast<std::size_t>(item)] = static_cast<std::uint32_t>(laid.item_at.size());
        laid.item_at.insert(laid.item_at.end(), 1 + given[static_cast<std::size_t>(item)].size(), item);
    }
    std::vector<std::pair<std::uint32_t, std::uint8_t>> entries;
    const auto add = [&] {
        std::sort(entries.begin(), entries.end());
        for (const auto& [position, role] : entries) laid.positions.push_back(position), laid.roles.push_back(role);
        laid.begin.push_back(static_cast<std::uint32_t>(laid.positions.size()));
        entries.clear();
    };
    constexpr std::uint8_t kBoth = Laid::kTests | Laid::kSets;
    for (std::size_t o = 0; o < matrix.option_count(); ++o) {
        const auto items = matrix.option(static_cast<OptionId>(o));
        const auto colours = matrix.option_colours(static_cast<OptionId>(o));
        for (std::size_t k = 0; k < items.size(); ++k) {
            const auto i = static_cast<std::size_t>(items[k]);
            const std::uint32_t held = position_of[i];
            const ColourId colour = colours.empty() ? 0 : colours[k];
            entries.emplace_back(held, colour == 0 ? kBoth : Laid::kSets);
            for (std::size_t c = 0; c < given[i].size(); ++c)
                entries.emplace_back(held + 1 + c, given[i][c] == colour ? Laid::kTests : Laid::kSets);
        }
        add();
    }
    for (std::uint32_t p = 0; p < laid.item_at.size(); ++p)
        if (!matrix.is_primary(laid.item_at[p])) entries.emplace_back(p, kBoth), add();
    return laid;
}

// Per position, how many items its window holds, for the options `live` keeps: position q is
// in R(p) when an option led before p holds it, for first(q) < p <= q (q not covered).
template <class Live>
std::vector<std::uint32_t> window_sizes(const Laid& laid, std::size_t positions, Live&& live, const std::vector<char>* covered = nullptr) {
    constexpr std::uint32_t kNone = ~std::uint32_t{0};
    std::vector<std::uint32_t> first(positions, kNone);
    for (std::size_t o = 0; o + 1 < laid.begin.size(); ++o) {
        if (!live(o)) continue;
        const std::uint32_t lead = laid.positions[laid.begin[o]];
        for (std::uint32_t k = laid.begin[o] + 1; k < laid.begin[o + 1]; ++k)
            if (!covered || !(*covered)[laid.positions[k]]) first[laid.positions[k]] = std::min(first[laid.positions[k]], lead);
    }
    std::vector<std::int64_t> change(positions + 1, 0);
    for (std::size_t q = 0; q < positions; ++q)
        if (first[q] != kNone) ++change[first[q] + 1], --change[q + 1];
    std::vector<std::uint32_t> sizes(positions);
    std::int64_t size = 0;
    for (std::size_t p = 0; p < positions; ++p) sizes[p] = static_cast<std::uint32_t>(size += change[p]);
    return sizes;
}

// What an order costs: the states a layer may hold, summed over the layers (2^|R(p)| each),
// and the widest window.
std::pair<double, std::size_t> order_cost(const Laid& laid, std::size_t positions) {
    double cost = 0;
    std::size_t widest = 0;
    for (std::uint32_t size : window_sizes(laid, positions, [](std::size_t) { return true; })) {
        cost += std::ldexp(1.0, static_cast<int>(std::min<std::uint32_t>(size, 1000)));
        widest = std::max<std::size_t>(widest, size);
    }
    return {cost, widest};
}

// Whether some primary item is neither covered by the options replayed nor held by a live
// option: then no solution is below them, known at once (where the layers would carry their
// states to that item first, Fix(g) of a symmetry that leaves a cell no symbol, say).
bool uncoverable_item(const Matrix& matrix, const Laid& laid, const std::vector<char>& covered, const std::vector<char>& live) {
    std::vector<char> held = covered;
    for (std::size_t o = 0; o + 1 < laid.begin.size(); ++o)
        if (live[o])
            for (std::uint32_t k = laid.begin[o]; k < laid.begin[o + 1]; ++k) held[laid.positions[k]] = 1;
    for (std::size_t q = 0; q < held.size(); ++q)
        if (!held[q] && matrix.is_primary(laid.item_at[q])) return true;
    return false;
}

// A zero bit inserted at index k: the bits from k up move up by one.
template <class Key>
Key insert_zero(Key x, unsigned k) {
    const Key low = (Key{1} << k) - 1;
    return (x & low) | ((x & ~low) << 1);
}

// An option led by p as bits of the next window: the positions it needs free, and those it covers.
template <class Key>
struct Masks {
    Key tests{0}, sets{0};
};

// The move from position p's window to p + 1's, as bit operations on a state.
template <class Key>
struct Step {
    bool holds_p = false;             // p is in its own window (bit 0)
    std::vector<unsigned> inserted;   // indices in the next window of the positions new to it
    std::vector<Masks<Key>> options;  // per option led by p, its other positions in the next window
    std::vector<char> marked;         // per option led by p: counted by (a term more)
    WindowForm<Key> form;             // the next window's states up to renaming (inactive: as they are)

    // Each state a state moves to (emit(next, marked)); `updates` counts the options tested.
    template <class Emit>
    void each_next(Key state, Emit&& emit, std::uint64_t& updates) const {
        if (form.active())
            moves(
                state, [&](Key next, bool marked) { emit(form.of(next), marked); }, updates);
        else
            moves(state, emit, updates);
    }

private:
    template <class Emit>
    void moves(Key state, Emit&& emit, std::uint64_t& updates) const {
        Key base = holds_p ? state >> 1 : state;
        for (unsigned k : inserted) base = insert_zero(base, k);
        if (holds_p && (state & Key{1})) return emit(base, false);
        updates += options.size();
        for (std::size_t o = 0; o < options.size(); ++o)
            if ((base & options[o].tests) == Key{0}) emit(base | options[o].sets, marked[o] != 0);
    }
};

// What taking one position did (per thread, then summed).
struct Taken {
    std::uint64_t nodes = 0, updates = 0, merged = 0;
    bool fits = true;
    bool stopped = false;
};

// Where a sweep saves its last whole layer as it goes (empty: nowhere), and what it is of: a
// file written by another count (another matrix, prefix, order, marks or number of processes)
// is refused.
struct Saving {
    std::string path;
    std::uint64_t fingerprint = 0;
    const LayerSink& on_layer;  // told after each position (may be empty)
};

// The processes a sweep shares its layers with (none: one process), and this one's place.
struct Sharing {
    LayerPeers* peers = nullptr;
    std::size_t ranks = 1, rank = 0;
    explicit Sharing(LayerPeers* with)
        : peers(with), ranks(with ? static_cast<std::size_t>(with->size()) : 1), rank(with ? static_cast<std::size_t>(with->rank()) : 0) {}
    // Collective where shared: the sum, the most, and whether any process says yes.
    std::uint64_t sum(std::uint64_t mine) const { return peers ? peers->sum(mine) : mine; }
    std::uint64_t max(std::uint64_t mine) const { return peers ? peers->max(mine) : mine; }
    std::uint64_t min(std::uint64_t mine) const { return peers ? peers->min(mine) : mine; }
    bool any(bool mine) const { return peers ? peers->any(mine) : mine; }
};

// When the next save is due: a tenth of the time the sweep has run, at least a second and at
// most a minute apart, as the journal's partial lines go.
class SaveSchedule {
public:
    bool due() {
        const auto now = std::chrono::steady_clock::now();
        const auto interval =
            std::clamp<std::chrono::steady_clock::duration>((now - started_) / 10, std::chrono::seconds(1), std::chrono::minutes(1));
        if (now - written_ < interval) return false;
        written_ = now;
        return true;
    }

private:
    std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now(), written_ = started_;
};

constexpr char kLayersMagic[16] = "xcount-layers1\n";

void write_words(std::ostream& out, std::span<const std::uint64_t> words) {
    out.write(reinterpret_cast<const char*>(words.data()), static_cast<std::streamsize>(words.size_bytes()));
}
void write_word(std::ostream& out, std::uint64_t word) { write_words(out, std::span<const std::uint64_t>(&word, 1)); }

// Reads what was written, or throws naming the file (a short or foreign file).
class LayersReader {
public:
    explicit LayersReader(const std::string& path) : path_(path), in_(path, std::ios::binary) {}
    bool opened() const { return static_cast<bool>(in_); }
    void read(void* to, std::size_t bytes) {
        in_.read(static_cast<char*>(to), static_cast<std::streamsize>(bytes));
        if (!in_) throw InputError("the layers file " + path_ + " is cut short: remove it to count again from the start");
    }
    std::uint64_t word() {
        std::uint64_t w = 0;
        read(&w, 8);
        return w;
    }
    [[noreturn]] void refuse(const std::string& why) const {
        throw InputError("the layers file " + path_ + " " + why + ": remove it, or give another --checkpoint");
    }

private:
    std::string path_;
    std::ifstream in_;
};

// A family's boards: per position, its item's board (empty: one board), and where the terms go.
struct Family {
    const std::vector<std::uint32_t>& growth_at;
    const TermSink& sink;
};

// The options counted by (empty: none), and the terms a count needs: one more than the most
// marked options a solution can hold.
struct Marks {
    const std::vector<char>& marked;
    std::size_t terms = 1;
};

// Per set of symbols the matrix declares, per symbol, its positions slot by slot (an item's
// position, then one per colour options give it, as lay_out lays them).
using SymbolPositions = std::vector<std::vector<std::vector<std::uint32_t>>>;

SymbolPositions symbol_positions(const Matrix& matrix, const Laid& laid) {
    std::vector<std::uint32_t> first(matrix.item_count(), 0), count(matrix.item_count(), 0);
    for (std::uint32_t q = 0; q < laid.item_at.size(); ++q)
        if (count[static_cast<std::size_t>(laid.item_at[q])]++ == 0) first[static_cast<std::size_t>(laid.item_at[q])] = q;
    SymbolPositions sets;
    for (const SymbolSet& symbols : matrix.symbol_sets()) {
        auto& by_symbol = sets.emplace_back();
        for (const auto& items : symbols) {
            auto& positions = by_symbol.emplace_back();
            for (ItemId item : items)
                for (std::uint32_t c = 0; c < count[static_cast<std::size_t>(item)]; ++c)
                    positions.push_back(first[static_cast<std::size_t>(item)] + c);
        }
    }
    return sets;
}

// The layers' sweep over the positions, for states of up to sizeof(Key) * 8 items. A layer is
// a few shards per thread, a state's shard chosen by its hash, and the threads take the shards
// in turn: no locks, and the same counts on any number of threads. Where the steps ahead leave
// some of the window's positions alone, the hash is of those bits only (Jensen's placement):
// through those steps every state a state makes has the same bits, so it belongs to the shard
// its maker's bits pick. At the first such step each state's shard is picked from its own bits
// and each next shard made from the states picked for it; at the others each shard is moved
// into its own. In a dense layer (most window states present) the values of a few adjacent such
// bits number the shards instead of their hash, so each shard is dense too, its index direct
// over the other bits. Where no such bits are left (or renaming moves them), each thread moves a slice
// of the layer into boxes, one per shard, and the threads then add each shard's boxes into it.
// Shared among processes, the hash of the whole key picks the process and its shard (ranks
// times shards slots), every layer is moved in rounds of the same number on every process, and
// the states made for another process are sent to it at the end of each round.
template <class Key>
class Sweep {
public:
    Sweep(const Laid& laid, const std::vector<char>& covered, const std::vector<char>& live, const Limits& limits, int threads,
          const Family& family, const Marks& marks, const SymbolPositions& symbols, const Saving& saving, const Sharing& sharing,
          FrontierFigures& figures, const std::vector<ItemId>& item_at, const Matrix& matrix)
        : laid_(laid),
          positions_(item_at.size()),
          covered_(covered),
          limits_(limits),
          threads_(static_cast<std::size_t>(std::max(threads, 1))),
          shards_(threads_ == 1 ? 1 : std::bit_ceil(threads_ * kShardsPerThread)),
          family_(family),
          marks_(marks),
          symbols_(symbols),
          saving_(saving),
          sharing_(sharing),
          figures_(figures),
          item_at_(item_at),
          matrix_(matrix),
          led_(positions_),
          current_(shards_),
          next_(shards_),
          boxes_(threads_, std::vector<Box<Key>>(shards_ * sharing.ranks)),
          picks_(shards_) {
        for (std::size_t o = 0; o + 1 < laid.begin.size(); ++o)
            if (live[o]) led_[laid.positions[laid.begin[o]]].push_back(static_cast<std::uint32_t>(o));
    }

    SearchStats run() {
        SearchStats stats;
        figures_.states.assign(positions_, 0);
        const std::size_t start = start_position(stats);
        SaveSchedule schedule;
        std::uint64_t alive = states_alive();
        for (std::size_t p = start; p < positions_; ++p) {
            figures_.states[p] = alive;
            if (p > 0) tell_terms(family_.growth_at.empty() ? 0 : family_.growth_at[p - 1], p);
            if (covered_[p]) continue;  // a replayed option holds it: nothing changes
            if (budget_ && stats.nodes + alive > budget_) return incomplete(stats);
            const bool in_place = p < placed_until_;
            const Key placing = in_place ? ~Key{0} : placing_from(p);
            const Step<Key> step = next_window(p);
            if (!take_position(step, in_place, placing, stats)) {  // stopped: nothing of the count is known, but the layer at p is whole
                if (!saving_.path.empty() && p > 0) save(p);
                return incomplete(stats);
            }
            std::swap(current_, next_);
            window_ = std::move(next_window_);
            if (placing != ~Key{0} && carried_through_runs() && placed_until_ > p + 2) {
                std::vector<std::uint64_t> layers{states_alive()};
                if (!carry_run(p, stats, layers)) return incomplete(stats);  // (the last layer saved stands)
                for (std::size_t q = p + 1; q < placed_until_; ++q) {
                    figures_.states[q] = layers[q - p - 1];
                    if (saving_.on_layer) saving_.on_layer(q, positions_, layers[q - p - 1]);
                }
                p = placed_until_ - 1;
            }
            alive = states_alive();
            if (alive == 0 && family_.growth_at.empty()) break;  // (a family's later terms are 0: told)
            if (!saving_.path.empty() && p + 1 < positions_ && sharing_.any(schedule.due())) save(p + 1);
            if (saving_.on_layer) saving_.on_layer(p + 1, positions_, alive);
        }
        if (!saving_.path.empty()) std::remove(saving_.path.c_str());
        figures_.count_words = current_.front().shape().limb;
        figures_.by_marked = terms_of(Key{0});
        stats.solutions = count_of(Key{0});
        if (!family_.growth_at.empty()) tell_terms(family_.growth_at.back(), positions_);
        return all_processes(stats);
    }

    // Whether a run of placed steps is carried through shard by shard: with threads, and where
    // nothing is looked at between the steps (no budget to check, no terms to tell).
    bool carried_through_runs() const { return threads_ > 1 && budget_ == 0 && family_.growth_at.empty(); }

    // Stops before the layer that would move more than `states` states in all (0: no limit).
    Sweep& within(std::uint64_t states) {
        budget_ = states;
        return *this;
    }

private:
    SearchStats incomplete(SearchStats stats) {
        stats.complete = false;
        stats.solutions = 0;
        return all_processes(stats);
    }

    // Where the sweep starts: the layer saved by an earlier run of this count, or the first
    // one. Shared among processes, every one must have saved the same layer (a kill between
    // their renames leaves two): otherwise all start again from the first.
    std::size_t start_position(SearchStats& stats) {
        std::size_t start = saving_.path.empty() ? 0 : load();
        if (sharing_.peers && sharing_.min(start) != sharing_.max(start)) start = 0;
        if (start == 0) begin(stats);
        return start;
    }

    // The first layer: the empty state, one way, with no marked option.
    void begin(SearchStats& stats) {
        const CountShape shape{1, marks_.terms};
        for (auto& shard : current_) shard.reset(shape, window_.size());
        std::vector<std::uint64_t> one(shape.words(), 0);
        one[0] = 1;
        if (owner_of(Key{0}) == sharing_.rank) current_[shard_of(Key{0})].add(Key{0}, one.data(), stats.merged);
    }

    // The states of the layer, on every process.
    std::uint64_t states_alive() const { return sharing_.sum(size(current_)); }

    // The figures of every process: the states moved, the options tried and the states met
    // again, summed, and the most states one process moved.
    SearchStats all_processes(SearchStats stats) {
        if (!sharing_.peers) return stats;
        figures_.largest_share = sharing_.max(stats.nodes);
        stats.nodes = sharing_.sum(stats.nodes);
        stats.updates = sharing_.sum(stats.updates);
        stats.merged = sharing_.sum(stats.merged);
        return stats;
    }

    // The whole layer at position p to the layers file: written beside it, then renamed over it,
    // so that a kill leaves the last one whole.
    void save(std::size_t p) const {
        const std::string temporary = saving_.path + ".tmp";
        {
            std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
            out.write(kLayersMagic, sizeof kLayersMagic);
            const CountShape shape = current_.front().shape();
            for (std::uint64_t word :
                 {std::uint64_t{saving_.fingerprint}, std::uint64_t{sizeof(Key)}, std::uint64_t{p}, std::uint64_t{positions_},
                  std::uint64_t{size(current_)}, std::uint64_t{shape.limb}, std::uint64_t{shape.terms}, std::uint64_t{window_.size()}})
                write_word(out, word);
            for (std::uint32_t q : window_) write_word(out, q);
            write_words(out, std::span<const std::uint64_t>(figures_.states.data(), p));
            write_word(out, current_.size());
            for (const Layer<Key>& shard : current_) {
                write_word(out, shard.size());  // then its keys, then their counts
                for (std::size_t i = 0; i < shard.size(); ++i) {
                    const Key key = shard.key(i);
                    out.write(reinterpret_cast<const char*>(&key), sizeof key);
                }
                for (std::size_t i = 0; i < shard.size(); ++i)
                    write_words(out, std::span<const std::uint64_t>(shard.count(i), shape.words()));
            }
            out.write(kLayersMagic, sizeof kLayersMagic);
            out.flush();
            if (!out) throw InputError("cannot write the layers file " + temporary + " (disk full?)");
        }
        if (std::rename(temporary.c_str(), saving_.path.c_str()) != 0)
            throw InputError("cannot rename " + temporary + " to " + saving_.path + ": " + std::strerror(errno));
    }

    // The layer saved by an earlier run of this count: the position to carry on from (0: none).
    std::size_t load() {
        LayersReader in(saving_.path);
        if (!in.opened()) return 0;
        char magic[sizeof kLayersMagic];
        in.read(magic, sizeof magic);
        if (!std::equal(magic, magic + sizeof magic, kLayersMagic)) in.refuse("is not a layers file");
        if (in.word() != saving_.fingerprint) in.refuse("holds the layers of another count");
        if (in.word() != sizeof(Key)) in.refuse("keys its states otherwise");
        const std::size_t p = in.word();
        if (in.word() != positions_) in.refuse("holds the layers of another count");
        in.word();  // the states (for status)
        const CountShape shape{in.word(), in.word()};
        if (p == 0 || p >= positions_ || shape.terms != marks_.terms || shape.limb == 0 || shape.limb > 1u << 20) in.refuse("is damaged");
        window_.resize(in.word());
        if (window_.size() > sizeof(Key) * 8) in.refuse("is damaged");
        for (std::uint32_t& q : window_) q = static_cast<std::uint32_t>(in.word());
        in.read(figures_.states.data(), p * 8);
        for (auto& shard : current_) shard.reset(shape, window_.size());
        const std::size_t shards = in.word();
        std::vector<Key> keys;
        std::vector<std::uint64_t> counts;
        std::uint64_t merged = 0;
        for (std::size_t k = 0; k < shards; ++k) {
            keys.resize(in.word());
            counts.resize(keys.size() * shape.words());
            in.read(keys.data(), keys.size() * sizeof(Key));
            in.read(counts.data(), counts.size() * 8);
            for (std::size_t i = 0; i < keys.size(); ++i)
                current_[shard_of(keys[i])].add(keys[i], counts.data() + i * shape.words(), merged);
        }
        in.read(magic, sizeof magic);
        if (!std::equal(magic, magic + sizeof magic, kLayersMagic) || merged != 0) in.refuse("is damaged");
        return p;
    }

    static constexpr std::size_t kSharedFrom = 1 << 14;  // states in a layer: fewer are moved by one thread
    static constexpr std::size_t kRound = 1 << 13;       // states a thread moves between two hand-overs
    static constexpr std::size_t kShardsPerThread = 4;   // (more than one: a thread that finishes early takes another)
    static constexpr std::size_t kPlacingMargin = 4;     // placing bits beyond those that number the shards

    static std::size_t size(const std::vector<Layer<Key>>& layer) {
        std::size_t n = 0;
        for (const auto& shard : layer) n += shard.size();
        return n;
    }
    // A state's slot: its process and its shard there (one of ranks times shards), by the hash
    // of the bits `placing` keeps.
    std::size_t slot_of(Key key, Key placing = ~Key{0}) const {
        if (shards_ * sharing_.ranks == 1) return 0;  // (one thread's every state made: no hash to spend)
        return static_cast<std::size_t>(((hash_key(key & placing) >> 32) * shards_ * sharing_.ranks) >> 32);
    }
    std::size_t owner_of(Key key) const { return slot_of(key) / shards_; }
    std::size_t shard_of(Key key) const { return slot_of(key) % shards_; }

    // The bits of the window at position a (before its step) by which to place its states (all
    // of them: no placement), and the steps [a, placed_until_) through which they stay placed:
    // the window's positions that none of those steps takes or holds in an option it leads.
    // The steps go on while enough such bits are left to spread the states over the threads.
    // Not with processes (the states' owners are fixed by their whole hash) nor with renaming
    // (which moves bits).
    Key placing_from(std::size_t a) {
        placed_until_ = a;
        numbering_.clear();
        if (sharing_.peers || threads_ == 1 || !symbols_.empty()) return ~Key{0};
        const std::size_t fewest = kPlacingMargin + static_cast<std::size_t>(std::bit_width(shards_));
        std::vector<char> kept(window_.size(), 1);
        const auto touch = [&](std::uint32_t q) {
            const auto at = std::lower_bound(window_.begin(), window_.end(), q);
            if (at != window_.end() && *at == q) kept[static_cast<std::size_t>(at - window_.begin())] = 0;
        };
        Key placing{0};
        std::size_t until = a;
        for (std::size_t p = a; p < positions_; ++p) {
            touch(static_cast<std::uint32_t>(p));
            for (std::uint32_t o : led_[p])
                for (std::uint32_t k = laid_.begin[o]; k < laid_.begin[o + 1]; ++k) touch(laid_.positions[k]);
            if (static_cast<std::size_t>(std::count(kept.begin(), kept.end(), 1)) < fewest) break;
            until = p + 1;
            placing = Key{0};
            for (std::size_t k = 0; k < kept.size(); ++k)
                if (kept[k]) placing |= Key{1} << k;
        }
        if (until == a) return ~Key{0};
        placed_until_ = until;
        if (dense()) number_shards_by(placing);
        return placing;
    }

    // Whether the layer holds a quarter or more of the keys its window can make: the shards of
    // such a layer are worth numbering by the values of some of its bits (each then a layer with
    // those bits fixed, and dense), not by a hash.
    bool dense() const { return window_.size() < 40 && (std::uint64_t{1} << window_.size()) <= 4 * size(current_); }
    // The shards numbered by the values of the lowest log2(shards) adjacent bits that `placing`
    // keeps (none: left to the hash).
    void number_shards_by(Key placing) {
        const auto wanted = static_cast<std::size_t>(std::countr_zero(shards_));
        for (std::size_t k = 0; k < window_.size() && numbering_.size() < wanted; ++k) {
            if ((placing >> k & Key{1}) != Key{0})
                numbering_.push_back(window_[k]);
            else
                numbering_.clear();
        }
        if (numbering_.size() < wanted) numbering_.clear();
    }
    // The bits that number the shards, in `window` (none: numbered by hash).
    Key numbered_in(const Positions& window) const {
        Key bits{0};
        for (std::uint32_t q : numbering_) bits |= Key{1} << (std::lower_bound(window.begin(), window.end(), q) - window.begin());
        return bits;
    }
    // The shard a key's bits `numbered` number, and the key bits that shard d's keys all hold.
    static std::size_t number_of(Key key, Key numbered) {
        std::size_t d = 0, at = 0;
        for (; numbered != Key{0}; numbered &= numbered - 1, ++at)
            if ((key & numbered & (~numbered + 1)) != Key{0}) d |= std::size_t{1} << at;
        return d;
    }
    static Key bits_of(std::size_t d, Key numbered) {
        Key bits{0};
        for (; numbered != Key{0}; numbered &= numbered - 1, d >>= 1)
            if (d & 1) bits |= numbered & (~numbered + 1);
        return bits;
    }

    // A state's count in the layer, by the number of marked options (no state: all 0), on every
    // process (collective where shared: its owner tells the others).
    std::vector<Count> terms_of(Key key) const {
        const CountShape shape = current_.front().shape();
        std::vector<std::uint64_t> words(shape.words(), 0);
        if (!sharing_.peers) {  // (placed by some bits only, it may be in any shard)
            for (const Layer<Key>& shard : current_)
                if (const std::size_t at = shard.find(key); at != Layer<Key>::kNone) add_count(words.data(), shard.count(at), shape);
        } else if (owner_of(key) == sharing_.rank) {
            const Layer<Key>& shard = current_[shard_of(key)];
            const std::size_t at = shard.find(key);
            if (at != Layer<Key>::kNone) std::copy_n(shard.count(at), shape.words(), words.begin());
        }
        if (sharing_.peers) sharing_.peers->broadcast(words, static_cast<int>(owner_of(key)));
        std::vector<Count> terms(shape.terms);
        for (std::size_t t = 0; t < shape.terms; ++t)
            terms[t] = Count::from_limbs(std::span<const std::uint64_t>(words.data() + t * shape.limb, shape.limb));
        return terms;
    }
    Count count_of(Key key) const {
        Count sum = 0;
        for (const Count& term : terms_of(key)) sum += term;
        return sum;
    }

    // At position p, after the items of board n: its term, after those of any boards before it
    // that hold no item of their own (the same items as the board before them, the same count).
    void tell_terms(std::uint32_t n, std::size_t p) {
        if (family_.growth_at.empty() || !family_.sink) return;
        const std::uint32_t next = p < positions_ ? family_.growth_at[p] : n + 1;
        if (next == n) return;
        for (std::uint32_t k = told_ + 1; k < n; ++k) family_.sink(k, last_term_);
        last_term_ = count_of(Key{0});
        family_.sink(n, last_term_);
        told_ = n;
    }

    // The window after p, and how a state moves into it.
    Step<Key> next_window(std::size_t p) {
        Step<Key> step;
        step.holds_p = !window_.empty() && window_.front() == p;
        Positions added;
        for (std::uint32_t o : led_[p])
            for (std::uint32_t k = laid_.begin[o] + 1; k < laid_.begin[o + 1]; ++k)
                if (!covered_[laid_.positions[k]]) added.push_back(laid_.positions[k]);
        std::sort(added.begin(), added.end());
        added.erase(std::unique(added.begin(), added.end()), added.end());
        next_window_.clear();
        std::merge(window_.begin() + (step.holds_p ? 1 : 0), window_.end(), added.begin(), added.end(), std::back_inserter(next_window_));
        next_window_.erase(std::unique(next_window_.begin(), next_window_.end()), next_window_.end());
        if (next_window_.size() > sizeof(Key) * 8)
            throw InputError("counting by layers: the window after item " + matrix_.item(item_at_[p]).name + " holds " +
                             std::to_string(next_window_.size()) + " items, more than " + std::to_string(sizeof(Key) * 8) +
                             " (the frontier engine keys a state by them): count with --engine memo or dlx");
        figures_.widest = std::max(figures_.widest, next_window_.size());
        std::size_t old = step.holds_p ? 1 : 0;
        for (unsigned k = 0; k < next_window_.size(); ++k) {
            if (old < window_.size() && window_[old] == next_window_[k])
                ++old;
            else
                step.inserted.push_back(k);
        }
        for (std::uint32_t o : led_[p]) {
            Masks<Key> masks;
            for (std::uint32_t k = laid_.begin[o] + 1; k < laid_.begin[o + 1]; ++k) {
                if (covered_[laid_.positions[k]]) continue;  // set by a replayed option already (one of the same colour)
                const auto at = std::lower_bound(next_window_.begin(), next_window_.end(), laid_.positions[k]) - next_window_.begin();
                if (laid_.roles[k] & Laid::kTests) masks.tests |= Key{1} << at;
                if (laid_.roles[k] & Laid::kSets) masks.sets |= Key{1} << at;
            }
            step.options.push_back(masks);
            step.marked.push_back(!marks_.marked.empty() && marks_.marked[o] != 0);
        }
        if (!symbols_.empty()) step.form = WindowForm<Key>(symbols_, [&](std::uint32_t q) { return side_after(p, q); });
        return step;
    }

    // Where position q lies in the window after p.
    Side side_after(std::size_t p, std::uint32_t q) const {
        const auto at = std::lower_bound(next_window_.begin(), next_window_.end(), q);
        if (at != next_window_.end() && *at == q) return {static_cast<std::uint32_t>(at - next_window_.begin())};
        return {q <= p || covered_[q] ? Side::kCovered : Side::kFree};
    }

    // Every state of the layer through position p into the next layer, its counts widened and
    // the position taken again where a sum overflowed (the states moved counted once); false
    // when stopped. `placing`: the bits by which the states are placed anew for a run of steps
    // from p (all of them: none), or p within such a run (`in_place`).
    bool take_position(const Step<Key>& step, bool in_place, Key placing, SearchStats& stats) {
        const bool placed = in_place || placing != ~Key{0};  // each state's shard says where all it makes go
        for (;;) {
            const bool shared = !placed && (sharing_.peers || (threads_ > 1 && size(current_) >= kSharedFrom));
            const Taken taken = placed ? take_placed(step, placing) : shared ? take_shared(step) : take_alone(step);
            const bool done = taken.stopped || !sharing_.any(!taken.fits);
            if (done) stats.nodes += taken.nodes, stats.updates += taken.updates, stats.merged += taken.merged;
            if (done && shared) figures_.handed_over += taken.nodes;
            if (done && placed && !numbering_.empty()) figures_.numbered += taken.nodes;
            if (done) return !taken.stopped;
            for (auto& shard : current_) shard.widen(2 * shard.shape().limb);
        }
    }

    // A step of a run, planned before the run is taken.
    struct Planned {
        Step<Key> step;
        std::size_t key_bits;  // the window's after it
        Key numbered;          // the bits there that number the shards (numbered_in)
    };

    // The rest of the run placed at p (the layer at p + 1 taken), through placed_until_: each
    // shard carried through all its steps by whichever thread takes it, with no barrier between
    // the steps, since every state its states make stays in it. `layers` gets the states at
    // each position p + 2 .. placed_until_. False when stopped (the shards left at different
    // positions, with no whole layer to save).
    bool carry_run(std::size_t p, SearchStats& stats, std::vector<std::uint64_t>& layers) {
        std::vector<Planned> steps;
        std::vector<std::size_t> step_at;  // per position p + 1 .. placed_until_ - 1, the steps taken through it
        for (std::size_t q = p + 1; q < placed_until_; ++q) {
            if (!covered_[q]) {
                Step<Key> step = next_window(q);
                steps.push_back({std::move(step), next_window_.size(), numbered_in(next_window_)});
                window_ = std::move(next_window_);
            }
            step_at.push_back(steps.size());
        }
        const std::vector<std::size_t> order = biggest_first(false);
        std::vector<std::vector<std::uint64_t>> sizes(shards_, std::vector<std::uint64_t>(steps.size() + 1));
        std::vector<Taken> taken(threads_);
        std::vector<std::exception_ptr> failed(threads_);
#pragma omp parallel num_threads(static_cast <int>(threads_))
        {
            const auto t = static_cast<std::size_t>(omp_get_thread_num());
            Taken mine;  // (no cache line shared)
#pragma omp for schedule(dynamic, 1)
            for (std::size_t k = 0; k < shards_; ++k) {
                const std::size_t d = order[k];
                try {
                    sizes[d][0] = current_[d].size();
                    for (std::size_t j = 0; j < steps.size() && !mine.stopped; ++j) {
                        carry(steps[j], d, current_[d], next_[d], mine);
                        std::swap(current_[d], next_[d]);
                        sizes[d][j + 1] = current_[d].size();
                    }
                } catch (...) {
                    failed[t] = std::current_exception();
                }
            }
            taken[t] = mine;
        }
        for (const auto& e : failed)
            if (e) std::rethrow_exception(e);
        const Taken sum = sum_of(taken);
        stats.nodes += sum.nodes, stats.updates += sum.updates, stats.merged += sum.merged;
        if (!numbering_.empty()) figures_.numbered += sum.nodes;
        if (sum.stopped) return false;
        std::size_t limb = 1;
        for (const auto& shard : current_) limb = std::max(limb, shard.shape().limb);
        for (auto& shard : current_)
            if (shard.shape().limb < limb) shard.widen(limb);
        for (std::size_t at : step_at) {
            std::uint64_t states = 0;
            for (const auto& by_step : sizes) states += by_step[at];
            layers.push_back(states);
        }
        return true;
    }

    // Shard d through one planned step, its counts widened and the step taken again where a sum
    // overflowed.
    void carry(const Planned& planned, std::size_t d, Layer<Key>& from, Layer<Key>& into, Taken& taken) const {
        for (;;) {
            into.reset(from.shape(), planned.key_bits, planned.numbered, bits_of(d, planned.numbered));
            Adds<Key> adds(from.shape());
            Taken attempt;
            move_states(planned.step, from, all_of(from), adds, attempt, [&](Key) -> Layer<Key>& { return into; });
            flush_into(adds, attempt);
            if (attempt.stopped || attempt.fits) {
                taken.nodes += attempt.nodes, taken.updates += attempt.updates, taken.merged += attempt.merged;
                taken.stopped |= attempt.stopped;
                return;
            }
            from.widen(2 * from.shape().limb);
        }
    }

    bool stop_asked() const { return limits_.stop && limits_.stop->load(std::memory_order_relaxed); }

    // The states of `shard` at `indices` moved, each state made put into the layer `into(next)`
    // names.
    template <class Indices, class Into>
    void move_states(const Step<Key>& step, const Layer<Key>& shard, const Indices& indices, Adds<Key>& adds, Taken& taken,
                     Into&& into) const {
        std::size_t moved = 0;
        for (const std::size_t i : indices) {
            if ((moved++ & 0xFFFF) == 0 && stop_asked()) {
                taken.stopped = true;
                break;
            }
            const std::uint64_t* count = shard.count(i);
            ++taken.nodes;
            step.each_next(
                shard.key(i), [&](Key next, bool marked) { adds.put(into(next), next, count, marked); }, taken.updates);
        }
    }
    // A shard's every state, as indices for move_states.
    struct Every {
        struct At {
            std::size_t i;
            std::size_t operator*() const { return i; }
            At& operator++() { return ++i, *this; }
            bool operator!=(const At& other) const { return i != other.i; }
        };
        std::size_t n;
        At begin() const { return {0}; }
        At end() const { return {n}; }
    };
    static Every all_of(const Layer<Key>& shard) { return {shard.size()}; }
    static void flush_into(Adds<Key>& adds, Taken& taken) {
        adds.flush();
        taken.fits &= adds.fits;
        taken.merged += adds.merged;
    }

    static Taken sum_of(const std::vector<Taken>& taken) {
        Taken sum;
        for (const Taken& one : taken)
            sum.nodes += one.nodes, sum.updates += one.updates, sum.merged += one.merged, sum.fits &= one.fits, sum.stopped |= one.stopped;
        return sum;
    }

    // One thread, each state made placed by its whole key.
    Taken take_alone(const Step<Key>& step) {
        for (auto& shard : next_) shard.reset(current_.front().shape(), next_window_.size());
        Taken taken;
        Adds<Key> adds(current_.front().shape());
        for (const Layer<Key>& shard : current_) {
            move_states(step, shard, all_of(shard), adds, taken, [&](Key next) -> Layer<Key>& { return next_[slot_of(next)]; });
            if (taken.stopped) break;
        }
        flush_into(adds, taken);
        return taken;
    }

    // The layer moved where every state made belongs to the shard of the state that made it: in
    // place (each shard into its own), or placed anew by the bits `placing` keeps, which this
    // step leaves alone (each state's next shard picked first, then each next shard made from
    // the states picked for it). The threads take the next shards in turn, the biggest first;
    // nothing is handed from one thread to another.
    Taken take_placed(const Step<Key>& step, Key placing) {
        const bool anew = placing != ~Key{0};
        const CountShape shape = current_.front().shape();
        const Key numbered = numbered_in(window_), numbered_next = numbered_in(next_window_);
        std::vector<std::size_t> order;
        std::vector<Taken> taken(threads_);
        std::vector<std::exception_ptr> failed(threads_);
#pragma omp parallel num_threads(static_cast <int>(threads_))
        {
            const auto t = static_cast<std::size_t>(omp_get_thread_num());
            Taken mine;  // (no cache line shared)
            if (anew) {
#pragma omp for schedule(dynamic, 1)
                for (std::size_t s = 0; s < shards_; ++s) {
                    try {
                        pick(current_[s], placing, numbered, picks_[s]);
                    } catch (...) {
                        failed[t] = std::current_exception();
                    }
                }
            }
#pragma omp single
            {
                try {
                    order = biggest_first(anew);
                } catch (...) {
                    failed[t] = std::current_exception();
                }
            }
#pragma omp for schedule(dynamic, 1)
            for (std::size_t k = 0; k < order.size(); ++k) {
                const std::size_t d = order[k];
                try {
                    next_[d].reset(shape, next_window_.size(), numbered_next, bits_of(d, numbered_next));
                    Adds<Key> adds(shape);
                    const auto into = [&](Key) -> Layer<Key>& { return next_[d]; };
                    if (!anew) move_states(step, current_[d], all_of(current_[d]), adds, mine, into);
                    for (std::size_t s = 0; anew && s < shards_ && !mine.stopped; ++s)
                        move_states(step, current_[s], picks_[s][d], adds, mine, into);
                    flush_into(adds, mine);
                } catch (...) {
                    failed[t] = std::current_exception();
                }
            }
            taken[t] = mine;
        }
        for (const auto& e : failed)
            if (e) std::rethrow_exception(e);
        return sum_of(taken);
    }

    // Each state of `shard` by its next shard: the one its bits `numbered` number, or where
    // none do, the one the hash of its bits `placing` keeps picks.
    void pick(const Layer<Key>& shard, Key placing, Key numbered, std::vector<std::vector<std::uint32_t>>& picks) const {
        picks.resize(shards_);
        for (auto& indices : picks) indices.clear();
        for (std::size_t i = 0; i < shard.size(); ++i) {
            const Key key = shard.key(i);
            picks[numbered != Key{0} ? number_of(key, numbered) : slot_of(key, placing)].push_back(static_cast<std::uint32_t>(i));
        }
    }

    // The next shards, the one that will be biggest first (as the states in it or picked for it).
    std::vector<std::size_t> biggest_first(bool anew) const {
        std::vector<std::size_t> states(shards_, 0);
        for (std::size_t d = 0; d < shards_; ++d) {
            if (!anew) states[d] = current_[d].size();
            for (std::size_t s = 0; anew && s < shards_; ++s) states[d] += picks_[s][d].size();
        }
        std::vector<std::size_t> order(shards_);
        std::iota(order.begin(), order.end(), std::size_t{0});
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return states[a] > states[b]; });
        return order;
    }

    // The layer moved in rounds (the same number on every process): in each, every thread moves
    // a slice into its boxes, one per slot; the boxes of other processes are sent to them; then
    // the threads take this process's shards in turn, adding into each what every thread put in
    // its box, and what was sent to this process for it.
    Taken take_shared(const Step<Key>& step) {
        std::vector<std::size_t> offset{0};
        for (const auto& shard : current_) offset.push_back(offset.back() + shard.size());
        const std::size_t total = offset.back(), per_round = kRound * threads_;
        const std::size_t rounds = sharing_.max((total + per_round - 1) / per_round);
        const CountShape shape = current_.front().shape();
        std::vector<Taken> taken(threads_);
        std::vector<std::exception_ptr> failed(threads_);
        std::vector<std::uint64_t> received;  // states other processes made for this one's shards
        std::vector<std::vector<std::pair<Key, const std::uint64_t*>>> received_for(shards_);  // per shard, those for it
        bool stop = false;
#pragma omp parallel num_threads(static_cast <int>(threads_))
        {
            const auto t = static_cast<std::size_t>(omp_get_thread_num());
            Taken mine;  // this thread's, apart from the others' (no cache line shared)
#pragma omp for
            for (std::size_t s = 0; s < shards_; ++s) {
                try {
                    next_[s].reset(shape, next_window_.size());
                } catch (...) {  // (out of memory: the round's check stops every thread)
                    failed[t] = std::current_exception();
                }
            }
            for (std::size_t base = 0, round = 0; round < rounds; base += per_round, ++round) {
#pragma omp master
                {  // (MPI from the main thread alone)
                    const bool failure = std::any_of(failed.begin(), failed.end(), [](const auto& e) { return e != nullptr; });
                    stop = sharing_.any(stop_asked() || failure);
                }
#pragma omp barrier
                if (stop) break;
                const std::size_t left = total - std::min(total, base);
                const std::size_t share = std::min(kRound, (left + threads_ - 1) / threads_);
                const std::size_t first = std::min(total, base + t * share), last = std::min(total, first + share);
                try {
                    hand_over(step, offset, first, last, boxes_[t], mine);
                } catch (...) {
                    failed[t] = std::current_exception();
                }
#pragma omp barrier
                if (sharing_.peers) {  // (the same on every thread)
#pragma omp master
                    {
                        received = sharing_.peers->exchange(outgoing());
                        for (auto& states : received_for) states.clear();
                        Box<Key>::each_in(received, shape, [&](Key key, const std::uint64_t* count) {
                            received_for[shard_of(key)].emplace_back(key, count);
                        });
                    }
#pragma omp barrier
                }
#pragma omp for schedule(dynamic, 1)
                for (std::size_t s = 0; s < shards_; ++s) {
                    try {
                        Adds<Key> adds(shape);
                        for (std::size_t u = 0; u < threads_; ++u)
                            boxes_[u][sharing_.rank * shards_ + s].each(
                                [&](Key key, const std::uint64_t* count) { adds.put(next_[s], key, count); });
                        for (const auto& [key, count] : received_for[s]) adds.put(next_[s], key, count);
                        adds.flush();
                        mine.fits &= adds.fits;
                        mine.merged += adds.merged;
                    } catch (...) {
                        failed[t] = std::current_exception();
                    }
                }
            }
            taken[t] = mine;
        }
        for (const auto& e : failed)
            if (e) std::rethrow_exception(e);
        Taken sum = sum_of(taken);
        sum.stopped = stop;
        return sum;
    }

    // What the threads' boxes hold for each other process (this one's own: nothing).
    std::vector<std::vector<std::uint64_t>> outgoing() const {
        std::vector<std::vector<std::uint64_t>> words(sharing_.ranks);
        for (std::size_t r = 0; r < sharing_.ranks; ++r) {
            if (r == sharing_.rank) continue;
            for (const auto& boxes : boxes_)
                for (std::size_t s = 0; s < shards_; ++s) {
                    const auto put = boxes[r * shards_ + s].words();
                    words[r].insert(words[r].end(), put.begin(), put.end());
                }
        }
        return words;
    }

    // Moves the states [first, last) of the layer (numbered across its shards), each state made
    // put in its shard's box.
    void hand_over(const Step<Key>& step, const std::vector<std::size_t>& offset, std::size_t first, std::size_t last,
                   std::vector<Box<Key>>& boxes, Taken& taken) const {
        for (auto& box : boxes) box.clear(current_.front().shape());
        std::size_t k = static_cast<std::size_t>(std::upper_bound(offset.begin(), offset.end(), first) - offset.begin()) - 1;
        for (std::size_t i = first; i < last; ++i) {
            while (i >= offset[k + 1]) ++k;
            const std::uint64_t* count = current_[k].count(i - offset[k]);
            ++taken.nodes;
            step.each_next(
                current_[k].key(i - offset[k]), [&](Key next, bool marked) { boxes[slot_of(next)].put(next, count, marked); },
                taken.updates);
        }
    }

    const Laid& laid_;
    std::size_t positions_;
    const std::vector<char>& covered_;
    const Limits& limits_;
    std::size_t threads_;
    std::size_t shards_;  // per process, each layer's
    const Family& family_;
    const Marks& marks_;
    const SymbolPositions& symbols_;  // renamed (empty: none)
    const Saving& saving_;
    const Sharing& sharing_;
    std::uint64_t budget_ = 0;              // within(): the states the layers may move (0: any)
    std::size_t placed_until_ = 0;          // the layers before it are placed for their steps (placing_from)
    std::vector<std::uint32_t> numbering_;  // the positions whose bits number the shards there (none: a hash does)
    std::uint32_t told_ = 0;                // the terms told so far
    Count last_term_ = 1;                   // the last one told (board 0, no items: one way)
    FrontierFigures& figures_;
    const std::vector<ItemId>& item_at_;
    const Matrix& matrix_;
    std::vector<std::vector<std::uint32_t>> led_;  // per position, the live options it leads
    Positions window_, next_window_;
    std::vector<Layer<Key>> current_, next_;                      // shards
    std::vector<std::vector<Box<Key>>> boxes_;                    // per thread, per slot (process and shard): the states it made
    std::vector<std::vector<std::vector<std::uint32_t>>> picks_;  // per shard, per next shard: the states picked for it
};

}  // namespace

Frontier::Frontier(const Matrix& matrix) : matrix_(&matrix) {
    if (matrix.has_multiplicities())
        throw InputError("the frontier engine takes no multiplicities (lo:hi|item): count expand_multiplicities(matrix) instead");
    take_order(with_secondaries(matrix, after_their_leads(matrix, matrix.scan_order())));
    const double scan_bound = states_bound_;
    std::vector<ItemId> scan = std::move(item_order_);
    std::unique_ptr<Laid> scan_laid = std::move(laid_);
    const std::size_t scan_widest = widest_;
    take_order(with_secondaries(matrix, after_their_leads(matrix, reverse_cuthill_mckee(matrix))));
    if (states_bound_ >= scan_bound)
        item_order_ = std::move(scan), laid_ = std::move(scan_laid), states_bound_ = scan_bound, widest_ = scan_widest;
}

void Frontier::take_order(std::vector<ItemId> order) {
    laid_ = std::make_unique<Laid>(lay_out(*matrix_, order));
    std::tie(states_bound_, widest_) = order_cost(*laid_, laid_->item_at.size());
    item_order_ = std::move(order);
}

const std::vector<ItemId>& Frontier::order() const { return laid_->item_at; }

void Frontier::count_by(std::vector<char> marked) {
    if (!marked.empty() && marked.size() != matrix_->option_count()) throw std::logic_error("count_by: one mark per option");
    std::size_t count = 0, smallest = matrix_->item_count();
    for (std::size_t o = 0; o < marked.size(); ++o)
        if (marked[o]) ++count, smallest = std::min(smallest, matrix_->option(static_cast<OptionId>(o)).size());
    terms_ = 1 + (count == 0 ? 0 : std::min(count, matrix_->item_count() / std::max<std::size_t>(smallest, 1)));
    marked.resize(laid_->begin.size() - 1, 0);  // the secondary items' own options: never marked
    marked_ = std::move(marked);
}

void Frontier::follow_family(std::span<const std::uint32_t> growth, TermSink sink) {
    if (growth.size() != matrix_->item_count()) throw std::logic_error("follow_family: one board per item");
    std::vector<ItemId> order = item_order_;
    const auto board = [&](ItemId i) { return growth[static_cast<std::size_t>(i)]; };
    std::stable_sort(order.begin(), order.end(), [&](ItemId a, ItemId b) { return board(a) < board(b); });
    take_order(std::move(order));
    growth_at_.clear();
    for (ItemId i : laid_->item_at) growth_at_.push_back(board(i));
    sink_ = std::move(sink);
}

Frontier::Frontier(Frontier&&) noexcept = default;
Frontier::~Frontier() = default;

void Frontier::replay(std::span<const OptionId> prefix) { chosen_.insert(chosen_.end(), prefix.begin(), prefix.end()); }

void Frontier::set_forced_items(std::span<const ItemId> items, std::span<const char> second_below) {
    shape_.forced.assign(items.begin(), items.end());
    shape_.second_below.assign(second_below.begin(), second_below.end());
}

SearchStats Frontier::count(const Limits& limits) {
    const Laid& laid = *laid_;
    const std::size_t positions = laid.item_at.size();
    std::vector<char> covered(positions, 0);
    // A replayed option needs the positions it tests free and covers those it sets; an option
    // stays live where none of the positions it tests is covered.
    const auto tested_covered = [&](std::size_t o) {
        for (std::uint32_t k = laid.begin[o]; k < laid.begin[o + 1]; ++k)
            if ((laid.roles[k] & Laid::kTests) && covered[laid.positions[k]]) return true;
        return false;
    };
    for (OptionId chosen : chosen_) {
        const auto o = static_cast<std::size_t>(chosen);
        if (o >= matrix_->option_count()) throw InputError("frontier: no option " + std::to_string(chosen));
        if (tested_covered(o)) throw InputError("frontier: the options replayed overlap");
        for (std::uint32_t k = laid.begin[o]; k < laid.begin[o + 1]; ++k)
            if (laid.roles[k] & Laid::kSets) covered[laid.positions[k]] = 1;
    }
    const std::size_t options = laid.begin.size() - 1;
    std::vector<char> live(options, 1);
    for (std::size_t o = 0; o < options; ++o) live[o] = tested_covered(o) ? 0 : 1;
    figures_ = {};
    if (growth_at_.empty() && marked_.empty() && uncoverable_item(*matrix_, laid, covered, live)) {
        figures_.states.assign(positions, 0);
        return SearchStats{};
    }
    const std::vector<std::uint32_t> sizes = window_sizes(
        laid, positions, [&](std::size_t o) { return live[o] != 0; }, &covered);
    const std::uint32_t widest = sizes.empty() ? 0 : *std::max_element(sizes.begin(), sizes.end());
    const Family family{growth_at_, sink_};
    const Marks marks{marked_, terms_};
    const Sharing sharing(peers_);
    std::string path = growth_at_.empty() ? layers_file_ : "";
    if (!path.empty() && sharing.rank > 0) path += ".rank" + std::to_string(sharing.rank);
    const Saving saving{path, fingerprint(covered), on_layer_};
    const SymbolPositions symbols = renames() ? symbol_positions(*matrix_, laid) : SymbolPositions{};
    if (widest <= 64)
        return Sweep<std::uint64_t>(laid, covered, live, limits, threads_, family, marks, symbols, saving, sharing, figures_, laid.item_at,
                                    *matrix_)
            .within(budget_)
            .run();
    return Sweep<unsigned __int128>(laid, covered, live, limits, threads_, family, marks, symbols, saving, sharing, figures_, laid.item_at,
                                    *matrix_)
        .within(budget_)
        .run();
}

SearchStats Frontier::count_within(std::uint64_t states) {
    budget_ = std::max<std::uint64_t>(states, 1);
    try {
        const SearchStats s = count();
        budget_ = 0;
        return s;
    } catch (...) {
        budget_ = 0;
        throw;
    }
}

std::optional<SavedLayers> Frontier::saved_layers(const std::string& path) {
    LayersReader in(path);
    if (!in.opened()) return std::nullopt;
    char magic[sizeof kLayersMagic];
    in.read(magic, sizeof magic);
    if (!std::equal(magic, magic + sizeof magic, kLayersMagic)) in.refuse("is not a layers file");
    SavedLayers saved;
    in.word(), in.word();  // the fingerprint, the key's bytes
    saved.position = in.word();
    saved.positions = in.word();
    saved.states = in.word();
    in.word(), in.word();  // the count's shape
    const std::uint64_t window = in.word();
    if (window > kMaxWindow || saved.position > saved.positions) in.refuse("is damaged");
    for (std::uint64_t k = 0; k < window; ++k) in.word();
    saved.states_per_layer.resize(saved.position);
    in.read(saved.states_per_layer.data(), saved.position * 8);
    return saved;
}

std::uint64_t Frontier::fingerprint(const std::vector<char>& covered) const {
    Hash64 h;
    h.add(std::string_view("frontier layers"));
    for (std::uint32_t k : laid_->begin) h.add(k);
    for (std::uint32_t q : laid_->positions) h.add(q);
    for (std::uint8_t r : laid_->roles) h.add(std::uint64_t{r});
    for (char c : covered) h.add(static_cast<std::uint64_t>(c));
    for (char c : marked_) h.add(static_cast<std::uint64_t>(c));
    if (peers_)
        h.add(std::string_view("shared")).add(static_cast<std::uint64_t>(peers_->size())).add(static_cast<std::uint64_t>(peers_->rank()));
    return h.add(terms_).value();
}

std::uint64_t Frontier::checksum() const {
    Hash64 h;
    for (OptionId o : chosen_) h.add(static_cast<std::uint64_t>(o));
    return h.value();
}

std::size_t Frontier::memory_bytes() const {
    return (laid_->begin.capacity() + laid_->positions.capacity()) * 4 + laid_->roles.capacity() +
           (laid_->item_at.capacity() + item_order_.capacity()) * sizeof(ItemId) + chosen_.capacity() * sizeof(OptionId);
}

Dancer& Frontier::dancer() {
    if (!dancer_) dancer_ = std::make_unique<Dancer>(*matrix_);
    dancer_->set_shape(shape_);
    return *dancer_;
}

}  // namespace xcount
