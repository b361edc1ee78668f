// xcount/search.hpp: what every engine shares: the figures a search reports, its limits, the
// rules for choosing an item, and the one search skeleton the engines plug into.
//
// An engine is a class E deriving from SearchSkeleton<E, Item>, where Item is how the engine
// names an item (a header, a set base, a bit). What callers use of it is the SearchEngine
// concept below; the hooks it gives the skeleton are checked where the skeleton is built. The skeleton owns the walk of the search tree
// (limits, the stop flag, resuming inside a subtree, cuts for the splitter, the level profile),
// the choice of item (forced items, the rules other than MRV), the prefix checks of push(),
// replay, pop and unwind. The engine provides the state and these hooks, all inline:
//
//   bool solved_at(int level) const;                every primary item covered
//   bool is_open(int level, Item item) const;       the item is still to be covered
//   Item choose_mrv(int level) const;               fewest options, ties to the lowest id
//   void for_each_open(int level, F f) const;       f(item, id, options) for the open primary items, in id order
//                                                   (unless the engine has its own choose_by_rule)
//   ItemId item_id(Item item) const;
//   bool dead_end(int level, Item item);            no option can cover the item (cuts only)
//   std::uint64_t open(int level, Item item);       starts branching on the item; returns its cost
//   bool next(int level, std::uint64_t& cost);      takes the next option there (false: none left)
//   void retreat(int level);                        undoes the option taken there
//   void close(int level);                          undoes open()
//   OptionId option_at(int level) const;            the option taken at a level
//   std::size_t option_count() const;
//   bool holds(OptionId o, Item item) const;        for push(): the option holds the item
//   bool is_live(int level, OptionId o, Item item) const;   and no earlier choice hid it
//   PushCost take(int level, OptionId o, Item item);  open() and take o, placing the walk at o
//   bool primary_item(ItemId id, Item& item) const;   for set_forced_items()
//
// Three flags, false in the skeleton, which an engine sets true by declaring its own:
// `static constexpr bool kMerges`: the engine merges equal states (memo.hpp) and adds
//
//   bool recall(int level, Count& count);           the count below this state, when known
//   void remember(int level, Count count, std::uint64_t nodes);  the count below it, complete
//
// and count() asks it at every node before branching, and tells it each node's count once the
// whole subtree is done (never one that a stop or a limit cut short); search() and the
// splitter's walks visit every solution and ask nothing.
//
// `static constexpr bool kScanUnits`: open() already counts in the scan rule's unit
// (ScanCosts); otherwise the skeleton converts the figures under ChooseRule::scan.
// `static constexpr bool kMultiplicities`: the engine searches a matrix with
// multiplicities itself (Algorithm M), whose choices include null moves (is_option below); it
// then adds `bool has_null_moves() const`.
#pragma once

#include <atomic>
#include <concepts>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "xcount/count.hpp"
#include "xcount/error.hpp"
#include "xcount/matrix.hpp"

namespace xcount {

struct SearchStats {
    Count solutions = 0;
    std::uint64_t updates = 0;
    std::uint64_t nodes = 0;
    std::uint64_t merged = 0;  // nodes whose count an engine that merges equal states knew already (memo.hpp)
    bool complete = true;      // false when a limit or the stop flag ended the search early

    SearchStats& operator+=(const SearchStats& other);
};

// InputError unless the matrix is without colours: the engines other than the dancer do not
// take them.
inline void require_no_colours(const Matrix& matrix, const char* engine) {
    if (matrix.has_colours())
        throw InputError(std::string("the ") + engine + " engine does not take colours (item:colour in an option); use --engine dlx");
}

// How the search picks the item to branch on. mrv (the default, Knuth's): fewest options,
// ties to the lowest item id. first: the lowest active item id. max: most options (ties to
// the lowest id). random: any active item. mrv-random: any among those with fewest options.
// scan: the first active item in the matrix's scan order (Matrix::scan_order), the rule of the
// scan engine; its updates are counted in the scan engine's unit by every engine (ScanCosts).
// The random rules draw from a hash of the seed and the options chosen on the path so far,
// so a choice depends only on where it is made: a split replays the same choices on any
// engine, thread or machine.
enum class ChooseRule { mrv, first, max, random, mrv_random, scan };
struct Choice {
    ChooseRule rule = ChooseRule::mrv;
    std::uint64_t seed = 0;
};

// The shape of a search tree, as every engine that walks it (the splitter, the runner's, the
// estimator's) must take it: the items forced at levels 0, 1, ... (symmetry reduction; the
// second one only below the level-0 options that second_below marks, when it is not empty) and
// the rule that chooses the item everywhere else.
struct TreeShape {
    std::vector<ItemId> forced{};
    std::vector<char> second_below{};
    Choice choice{};
};

// "mrv", "first", ... as reports and fingerprints name it; the rule with its seed where it takes one.
std::string choice_text(const Choice& choice);

// The rules other than mrv: given the active primary items' lengths in id order (under scan,
// their ranks in the scan order) and the options chosen on the path to this node, the position
// (in that order) of the item to branch on.
std::size_t choose_position(const Choice& choice, std::span<const std::uint64_t> lengths, std::span<const OptionId> path);

// The cost of a node under the scan rule, in the scan engine's unit: the options it tests
// there. Branching on the first open item in the scan order, it tests the options whose first
// item in that order is this one (every other option holding it holds an item already covered);
// on an item forced out of that order (symmetry reduction), every option holding it. Choosing
// an option costs nothing more.
class ScanCosts {
public:
    explicit ScanCosts(const Matrix& matrix);
    std::uint32_t rank(ItemId item) const { return rank_[static_cast<std::size_t>(item)]; }
    std::uint64_t node(ItemId item, bool forced) const {
        return forced ? holding_[static_cast<std::size_t>(item)] : led_[static_cast<std::size_t>(item)];
    }

private:
    std::vector<std::uint32_t> rank_;     // per item: its place in the scan order (secondary: past the end)
    std::vector<std::uint32_t> led_;      // per item: options whose first item in the scan order it is
    std::vector<std::uint32_t> holding_;  // per item: options holding it
};

// Nodes and updates per level of the search tree (level 0: the root), as DLX1's v128 profile:
// what a user reads to choose a split depth. An engine given one adds its search's figures.
struct LevelProfile {
    std::vector<std::uint64_t> nodes, updates;
    // A merging engine's states stored, by the position (in its item order) of the state's first
    // open item, and that item.
    std::vector<std::uint64_t> stored;
    std::vector<ItemId> stored_item;
    void record(int level, std::uint64_t node, std::uint64_t update) {
        const auto k = static_cast<std::size_t>(level);
        if (k >= nodes.size()) nodes.resize(k + 1), updates.resize(k + 1);
        nodes[k] += node;
        updates[k] += update;
    }
    void record_stored(std::size_t position, ItemId item, std::uint64_t states) {
        if (position >= stored.size()) stored.resize(position + 1), stored_item.resize(position + 1);
        stored[position] += states;
        stored_item[position] = item;
    }
    LevelProfile& operator+=(const LevelProfile& other);
};

struct Limits {
    Count max_solutions = 0;                  // 0: no limit
    const std::atomic<bool>* stop = nullptr;  // polled once per tree node
    std::uint64_t max_nodes = 0;              // stop before entering more tree nodes than this (0: no limit)
    // Carrying on inside a subtree: the walk's subtree is rooted at level resume_base, and the
    // levels from there to depth() were replayed as the position where an earlier walk of it
    // stopped; the walk does the rest of the subtree, as if it had never stopped (-1: a whole
    // walk of the subtree at depth()).
    int resume_base = -1;
    // When a stop or the node limit interrupts the walk: the options chosen from its base to
    // where it stopped (all the work before that position is in the figures returned). Replay
    // them and walk with resume_base to do the rest.
    std::vector<OptionId>* position = nullptr;
};

// What taking an option costs in updates: covering the item chosen there, and the option's
// other items (under the scan rule: the options tested, all in `item`).
struct PushCost {
    std::uint64_t item = 0, rest = 0;
};

// What the walk does at the leaves. A Policy provides
//   static constexpr bool cuts;   // true: leaves are cut() instead of searched
//   int cut_depth;                // absolute level at which to cut (when cuts)
//   void cut(int level);          // a subproblem: depth reached, a solution or a dead end
//   bool drops(int level);        // (when cuts) leave this node unrecorded, counting nothing
//   void solution(int level);     // a solution (when !cuts); choices in option_at(0..level)
// With cuts, the stats count only the work above the cuts, so that the cut subtrees' own
// searches add up to the unsplit search's figures exactly.
namespace detail {
struct CountPolicy {
    static constexpr bool cuts = false;
    static constexpr bool merges = true;  // only solutions are counted: an engine may merge equal states
    int cut_depth = 0;
    void cut(int) {}
    void solution(int) {}
};

template <class Engine, class Visit>
struct VisitPolicy {
    static constexpr bool cuts = false;
    int cut_depth = 0;
    Visit& visit;
    const Engine& engine;
    std::vector<OptionId>& scratch;
    bool null_moves = false;  // the path may hold Algorithm M's null moves, which no solution lists
    void cut(int) {}
    void solution(int level) {
        scratch.clear();
        if (null_moves) {  // two loops: the test inside one loop cost --symmetry check 5-8% (8x8 dominoes)
            for (int k = 0; k < level; ++k)
                if (const OptionId o = engine.option_at(k); engine.is_option(o)) scratch.push_back(o);
        } else {
            for (int k = 0; k < level; ++k) scratch.push_back(engine.option_at(k));
        }
        visit(std::span<const OptionId>(scratch));
    }
};
// Whether a walk asks the engine for the counts of states it knows (see recall above).
template <class Engine, class Policy>
concept MergingWalk = requires {
    Policy::merges;
}
&&Engine::kMerges&& Policy::merges;
}  // namespace detail

template <class Engine, class Item>
class SearchSkeleton {
public:
    static constexpr bool kMerges = false, kScanUnits = false, kMultiplicities = false;  // see the top of this file
    // Every solution below the current state, counted.
    SearchStats count(const Limits& limits = {}) {
        detail::CountPolicy policy;
        return walk(policy, limits);
    }
    // The same search, calling visit(std::span<const OptionId>) for each solution, the
    // replayed prefix included; the count-only path above pays nothing for this.
    template <class Visit>
    SearchStats search(Visit&& visit, const Limits& limits = {}) {
        detail::VisitPolicy<Engine, std::remove_reference_t<Visit>> policy{
            .visit = visit, .engine = engine(), .scratch = solution_, .null_moves = has_null_moves()};
        return walk(policy, limits);
    }
    // The walk behind count() and search(), exposed for the splitter (see Policy above).
    template <class Policy>
    SearchStats walk(Policy& policy, const Limits& limits);

    // Takes an option as the search would: the item the search chooses at this level must
    // belong to it, and no earlier choice may have hidden it (InputError otherwise).
    PushCost push(OptionId option);
    void replay(std::span<const OptionId> prefix) {
        for (OptionId option : prefix) push(option);
    }
    void pop() {
        --depth_;
        engine().retreat(depth_);
        engine().close(depth_);
    }
    void unwind() {
        while (depth_ > 0) pop();
    }
    int depth() const { return depth_; }
    bool solved() const { return engine().solved_at(depth_); }
    // Whether the path may hold null moves (Algorithm M: an item closed with no further option).
    bool has_null_moves() const {
        // for_each_open serves the skeleton's choose_by_rule; an engine with its own needs none.
        if constexpr (!std::is_same_v<decltype(&Engine::choose_by_rule), Item (Engine::*)(int) const>)
            static_assert(
                requires(const Engine& c, int level) { c.for_each_open(level, [](Item, ItemId, std::uint64_t) {}); },
                "an engine lacks for_each_open (search.hpp)");
        if constexpr (Engine::kMultiplicities)
            return engine().has_null_moves();
        else
            return false;
    }
    // Whether a choice on the path is an option; otherwise it is a null move, numbered
    // option_count() + item id.
    bool is_option(OptionId choice) const { return static_cast<std::size_t>(choice) < engine().option_count(); }

    // Makes the search branch on items[k] at level k instead of the rule's choice, while that
    // item is still to be covered (empty: no such rule); items[1] only below the level-0
    // options o with second_below[o] set, when second_below is not empty. Symmetry reduction
    // needs every subtree below level k to hold one option of items[k].
    void set_forced_items(std::span<const ItemId> items, std::span<const char> second_below = {});
    void set_choice(Choice choice) { rule_ = choice; }
    // The forced items and the choice rule together (through the engine's own set_choice, where
    // it has one).
    void set_shape(const TreeShape& shape) {
        set_forced_items(shape.forced, shape.second_below);
        engine().set_choice(shape.choice);
    }
    void set_profile(LevelProfile* profile) { profile_ = profile; }  // nullptr: none (the default)

protected:
    explicit SearchSkeleton(const Matrix& matrix) : scan_(matrix) {
        check_hooks();
        if (matrix.has_multiplicities() && !Engine::kMultiplicities)
            throw InputError("this engine takes no multiplicities (lo:hi|item): count expand_multiplicities(matrix) instead");
        if (matrix.has_multiplicities()) null_moves_ = matrix.item_count();
    }

    Engine& engine() { return static_cast<Engine&>(*this); }
    const Engine& engine() const { return static_cast<const Engine&>(*this); }

    // Whether the level is one where the search branches on its forced item.
    bool forcing_applies(int level) const {
        return static_cast<std::size_t>(level) < forced_.size() &&
               (level != 1 || second_below_.empty() || second_below_[static_cast<std::size_t>(engine().option_at(0))]);
    }
    bool forced_at(int level, Item item) const { return forcing_applies(level) && forced_[static_cast<std::size_t>(level)] == item; }
    Item choose_at(int level) const {
        if (forcing_applies(level)) {
            const Item item = forced_[static_cast<std::size_t>(level)];
            if (engine().is_open(level, item)) return item;
        }
        return rule_.rule == ChooseRule::mrv ? engine().choose_mrv(level) : engine().choose_by_rule(level);
    }
    // The rules other than mrv (not on the hot path); an engine may hide it with a faster one.
    Item choose_by_rule(int level) const;
    std::uint64_t scan_cost(int level, Item item) const { return scan_.node(engine().item_id(item), forced_at(level, item)); }

    int depth_ = 0;
    std::vector<Item> forced_;        // items forced at levels 0, 1, ...
    std::vector<char> second_below_;  // per option: force level 1 below it (empty: always)
    Choice rule_;
    ScanCosts scan_;
    LevelProfile* profile_ = nullptr;
    std::vector<OptionId> solution_;  // scratch for search()'s visitor
    std::size_t null_moves_ = 0;      // choices past the options: one per item (Algorithm M), else none

private:
    // A merging walk's record of each open node: the solutions and nodes counted when it was
    // opened (known: false for the levels a resumed walk replayed, whose start it never saw).
    struct Entered {
        Count solutions = 0;
        std::uint64_t nodes = 0;
        bool known = false;
    };
    std::vector<Entered> entered_;
    Entered& entered_at(int level) {
        const auto k = static_cast<std::size_t>(level);
        if (k >= entered_.size()) entered_.resize(k + 1);
        return entered_[k];
    }
    // The merging walk's hooks: a resumed walk forgets the starts of the levels replayed for
    // it; a node whose count the engine knows is counted at once; a node closed is remembered.
    void forget_entries(int base) {
        for (int k = base; k < depth_; ++k) entered_at(k).known = false;
    }
    bool recalled(int level, SearchStats& stats, std::uint64_t& merged) {
        Count known = 0;
        if (!engine().recall(level, known)) return false;
        stats.solutions += known;
        ++merged;
        return true;
    }
    void remember_closed(int level, Count solutions, std::uint64_t nodes) {
        const Entered& start = entered_at(level);
        if (start.known) engine().remember(level, solutions - start.solutions, nodes - start.nodes);
    }
    // An interrupted walk closes the levels it opened below `base`.
    void back_out(int level, int base) {
        for (; level > base; --level) {
            engine().retreat(level - 1);
            engine().close(level - 1);
        }
    }
    void record_position(const Limits& limits, int base, int level) const {
        if (limits.position == nullptr) return;
        limits.position->clear();
        for (int k = base; k < level; ++k) limits.position->push_back(engine().option_at(k));
    }
    bool scan_units() const { return !Engine::kScanUnits && rule_.rule == ChooseRule::scan; }
    // Every hook listed at the top of this file, as the skeleton calls it (here, where the
    // engine's private hooks are visible to its friend; the engine is complete by now).
    static void check_hooks() {
        static_assert(
            requires(Engine & e, const Engine& c, int level, Item item, OptionId o, ItemId id, std::uint64_t& cost) {
                { c.solved_at(level) } -> std::convertible_to<bool>;
                { c.is_open(level, item) } -> std::convertible_to<bool>;
                { c.choose_mrv(level) } -> std::convertible_to<Item>;
                { c.item_id(item) } -> std::convertible_to<ItemId>;
                { e.dead_end(level, item) } -> std::convertible_to<bool>;
                { e.open(level, item) } -> std::convertible_to<std::uint64_t>;
                { e.next(level, cost) } -> std::convertible_to<bool>;
                e.retreat(level);
                e.close(level);
                { c.option_at(level) } -> std::convertible_to<OptionId>;
                { c.option_count() } -> std::convertible_to<std::size_t>;
                { c.holds(o, item) } -> std::convertible_to<bool>;
                { c.is_live(level, o, item) } -> std::convertible_to<bool>;
                { e.take(level, o, item) } -> std::convertible_to<PushCost>;
                { c.primary_item(id, item) } -> std::convertible_to<bool>;
            },
            "an engine lacks a hook of the search skeleton (search.hpp)");
        if constexpr (Engine::kMultiplicities)
            static_assert(requires(const Engine& c) {
                { c.has_null_moves() } -> std::convertible_to<bool>;
            });
        if constexpr (Engine::kMerges)
            static_assert(
                requires(Engine & e, int level, Count& count, std::uint64_t nodes) {
                    { e.recall(level, count) } -> std::convertible_to<bool>;
                    e.remember(level, count, nodes);
                },
                "a merging engine lacks recall or remember (search.hpp)");
    }
    // A solution at `level`: cut there or counted; true when that reaches the solution limit.
    template <class Policy>
    bool leaf(Policy& policy, int level, SearchStats& stats, std::uint64_t& nodes, const Limits& limits) {
        if constexpr (Policy::cuts) {
            policy.cut(level);
            return false;
        } else {
            ++nodes;
            if (profile_) profile_->record(level, 1, 0);
            ++stats.solutions;
            policy.solution(level);
            return limits.max_solutions != 0 && stats.solutions >= limits.max_solutions;
        }
    }
};

template <class Engine, class Item>
template <class Policy>
SearchStats SearchSkeleton<Engine, Item>::walk(Policy& policy, const Limits& limits) {
    Engine& e = engine();
    SearchStats stats;
    std::uint64_t updates = 0, nodes = 0;
    const int base = limits.resume_base >= 0 ? limits.resume_base : depth_;
    int level = depth_;
    constexpr bool kMerging = detail::MergingWalk<Engine, Policy>;
    const bool merge = kMerging && limits.max_solutions == 0;  // a solution limit needs the solutions one by one
    std::uint64_t merged = 0;
    if constexpr (kMerging) forget_entries(base);

forward:
    if ((limits.stop != nullptr && limits.stop->load(std::memory_order_relaxed)) || (limits.max_nodes != 0 && nodes >= limits.max_nodes)) {
        record_position(limits, base, level);
        goto interrupted;
    }
    if constexpr (Policy::cuts) {
        if (policy.drops(level)) goto backup;
    }
    if (e.solved_at(level)) {
        if (leaf(policy, level, stats, nodes, limits)) goto interrupted;
        goto backup;
    }
    if constexpr (Policy::cuts) {
        if (level >= policy.cut_depth) {
            policy.cut(level);
            goto backup;
        }
    }
    if constexpr (kMerging) {
        if (merge && recalled(level, stats, merged)) goto backup;
    }
    {
        const Item best = choose_at(level);
        if constexpr (Policy::cuts) {
            if (e.dead_end(level, best)) {  // a dead end above the cut depth is a subproblem too
                policy.cut(level);
                goto backup;
            }
        }
        ++nodes;
        std::uint64_t u = e.open(level, best);
        if (scan_units()) u = scan_cost(level, best);
        updates += u;
        if (profile_) profile_->record(level, 1, u);
        if constexpr (kMerging) entered_at(level) = {stats.solutions, nodes, merge};
    }

advance : {
    std::uint64_t u = 0;
    if (!e.next(level, u)) {
        e.close(level);
        if constexpr (kMerging) remember_closed(level, stats.solutions, nodes);
        goto backup;
    }
    if (scan_units()) u = 0;
    updates += u;
    if (profile_) profile_->record(level, 0, u);
    ++level;
    goto forward;
}

backup:
    if (level == base) goto done;
    --level;
    e.retreat(level);
    goto advance;

interrupted:
    stats.complete = false;
    back_out(level, base);

done:
    depth_ = base;  // a resumed walk has backed up through the levels replayed for it
    stats.updates = updates;
    stats.nodes = nodes;
    stats.merged = merged;
    return stats;
}

template <class Engine, class Item>
PushCost SearchSkeleton<Engine, Item>::push(OptionId option) {
    Engine& e = engine();
    const int level = depth_;
    const std::string where = "prefix level " + std::to_string(level) + ": option " + std::to_string(option);
    if (option < 0 || static_cast<std::size_t>(option) >= e.option_count() + null_moves_) throw InputError(where + " does not exist");
    if (e.solved_at(level)) throw InputError(where + ": the search has already found a solution here");
    const Item best = choose_at(level);
    if (!e.holds(option, best)) throw InputError(where + " does not hold the item the search chooses there");
    if (!e.is_live(level, option, best)) throw InputError(where + " conflicts with an earlier choice");
    PushCost cost = e.take(level, option, best);
    if (scan_units()) cost = {scan_cost(level, best), 0};
    ++depth_;
    return cost;
}

template <class Engine, class Item>
Item SearchSkeleton<Engine, Item>::choose_by_rule(int level) const {
    std::vector<OptionId> path;
    for (int k = 0; k < level; ++k) path.push_back(engine().option_at(k));
    std::vector<Item> items;
    std::vector<std::uint64_t> lengths;
    engine().for_each_open(level, [&](Item item, ItemId id, std::uint64_t options) {
        items.push_back(item);
        lengths.push_back(rule_.rule == ChooseRule::scan ? scan_.rank(id) : options);
    });
    return items[choose_position(rule_, lengths, path)];
}

template <class Engine, class Item>
void SearchSkeleton<Engine, Item>::set_forced_items(std::span<const ItemId> items, std::span<const char> second_below) {
    if (depth_ != 0) throw std::logic_error("set_forced_items: only at the root");
    second_below_.assign(second_below.begin(), second_below.end());
    forced_.clear();
    for (ItemId id : items) {
        Item item{};
        if (!engine().primary_item(id, item)) throw std::logic_error("set_forced_items: not a primary item");
        forced_.push_back(item);
    }
}

// What the runner, the splitter and the commands use of an engine: built on a matrix it fits
// (within its size limits), it counts or visits the solutions below the state a prefix puts it
// in, under a choice rule and forced items, and proves it left its state as it found it.
template <class E>
concept SearchEngine = std::constructible_from<E, const Matrix&> &&
    requires(E e, const E c, const Matrix& matrix, const Limits& limits, std::span<const OptionId> prefix, std::span<const ItemId> items,
             std::span<const char> second_below, Choice choice, LevelProfile* profile) {
    { E::fits(matrix) } -> std::same_as<bool>;
    { e.count(limits) } -> std::same_as<SearchStats>;
    {
        e.search([](std::span<const OptionId>) {}, limits)
        } -> std::same_as<SearchStats>;
    e.replay(prefix);
    e.unwind();
    e.set_forced_items(items, second_below);
    e.set_choice(choice);
    e.set_profile(profile);
    { c.depth() } -> std::same_as<int>;
    { c.option_at(0) } -> std::same_as<OptionId>;
    { c.checksum() } -> std::same_as<std::uint64_t>;
    { c.memory_bytes() } -> std::same_as<std::size_t>;
};

}  // namespace xcount

// An engine's count() walk compiled once, with every hook inlined, in the engine's own .cpp:
// KEYWORD is extern in its header and empty there. (A copy in each file that counts was
// inlined as that file allowed, and the linker kept any one of them.)
#define XCOUNT_COUNT_WALK(KEYWORD, Engine, Item) \
    KEYWORD template xcount::SearchStats xcount::SearchSkeleton<Engine, Item>::walk(xcount::detail::CountPolicy&, const xcount::Limits&);
// The same for one width of a class template's engine, the class with it.
#define XCOUNT_ENGINE_WIDTH(KEYWORD, Template, Width, Item) \
    KEYWORD template class xcount::Template<Width>;         \
    XCOUNT_COUNT_WALK(KEYWORD, xcount::Template<Width>, Item)
