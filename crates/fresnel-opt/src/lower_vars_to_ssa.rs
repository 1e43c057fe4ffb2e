//! lower_vars_to_ssa: variables to SSA (after `nir_lower_vars_to_ssa`): function-local variables whose every
//! access is a direct (or constant-indexed) load or store become SSA values, with phis at
//! the iterated dominance frontiers of their stores.
//!
//! 1. **Candidates**: `Function`-mode locals without an initializer that are neither
//!    parameters nor the return variable (those are filled and read by calls), whose derefs
//!    are used only by other
//!    derefs (array steps with constant, in-range indices; struct steps), `load_deref`,
//!    `store_deref` (as the address) and `copy_deref`.
//! 2. **Copies** touching a candidate are split into loads and stores of each scalar/vector
//!    leaf (up to [`MAX_LEAVES`] per copy; a larger or opaque aggregate keeps the variable in
//!    memory).
//! 3. Each accessed **leaf** (a vector or scalar reached by a constant path: the variable
//!    itself, a matrix column, an array element, a struct member, ...) becomes an SSA
//!    variable. Accesses to one component of a vector (`deref_array` of a vector) read or
//!    update that component of the vector's leaf.
//! 4. **Phis** go at the iterated dominance frontier of the blocks storing the leaf
//!    (Cytron et al.), then a walk of the dominator tree renames: a load becomes the current
//!    value, a store makes a new current value (a partial store — write mask or component —
//!    becomes a `vecN` of the old and new components); a load before any store reads an
//!    `undef`. Trivial phis (all sources one value, or the phi itself) are replaced by that
//!    value, and phis left without uses are removed.
//! 5. The variables' derefs and the variables themselves are removed (the variable arena is
//!    compacted and every `@N` renumbered).

use std::collections::BTreeMap;

use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

use fresnel_ir::analysis::DomTree;
use fresnel_ir::{
    Alu, AluOp, AluSrc, BlockId, Deref, DerefKind, EntityId, EntityVec, Function, IndexKind,
    InstrId, InstrKind, Intrinsic, IntrinsicInstr, Shader, Type, TypeId, Types, ValueId, VarId,
    VarMode, Variable,
};

/// Most scalar/vector leaves a `copy_deref` is split into.
pub const MAX_LEAVES: usize = 256;

/// Rewrites promotable function-local variables into SSA values; returns whether anything
/// changed.
pub fn vars_to_ssa(shader: &mut Shader) -> bool {
    // A sorted list (performance: a few variables; no hash set to build).
    let mut removed: Vec<VarId> = Vec::new();
    let Shader {
        functions,
        types,
        vars,
        ..
    } = shader;
    for (_, f) in functions.iter_mut() {
        removed.extend(promote_function(f, types, vars));
    }
    if removed.is_empty() {
        return false;
    }
    removed.sort_unstable();
    removed.dedup();
    shader.retain_vars(|id, _| removed.binary_search(&id).is_err());
    true
}

/// One step of a deref path. (Paths are copied with `SmallVec::from_slice`, a copy of the
/// steps, rather than `clone`, which pushes them one by one: performance.)
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
enum Step {
    Index(u32),
    Field(u32),
}

/// What a deref of a candidate variable points at.
#[derive(Clone, Debug)]
struct DerefInfo {
    var: VarId,
    path: SmallVec<[Step; 4]>,
    /// Selects one component of a vector (the path names the vector).
    component: Option<u8>,
    ty: TypeId,
}

/// The resolved derefs of the candidates, by value: a slot per value of the function into a
/// list (performance: an array read and a push instead of a hash map regrown insert by
/// insert; the list is as long as the derefs resolved).
struct DerefTable {
    /// Index into `items` by value index (`u32::MAX`: none); values made after the table
    /// (past its end) have none.
    slot: Vec<u32>,
    items: Vec<(ValueId, DerefInfo)>,
}

impl DerefTable {
    fn new(values: usize) -> DerefTable {
        DerefTable {
            slot: vec![u32::MAX; values],
            items: Vec::new(),
        }
    }

    /// The slot of a value settled without an entry (see [`DerefTable::settle`]).
    const NEVER: u32 = u32::MAX - 1;

    fn get(&self, v: &ValueId) -> Option<&DerefInfo> {
        match self.slot.get(v.index()) {
            Some(&k) if k < Self::NEVER => Some(&self.items[k as usize].1),
            _ => None,
        }
    }

    /// Records that a deref never gets an entry: its chain starts at a variable that is
    /// not a candidate, or passes a cast (performance: its children need no walk up the
    /// chain to learn so).
    fn settle(&mut self, v: ValueId) {
        if let Some(k) = self.slot.get_mut(v.index()) {
            if *k == u32::MAX {
                *k = Self::NEVER;
            }
        }
    }

    fn is_settled(&self, v: ValueId) -> bool {
        self.slot.get(v.index()) == Some(&Self::NEVER)
    }

    fn contains_key(&self, v: &ValueId) -> bool {
        self.get(v).is_some()
    }

    /// Adds the entry of a value that has none.
    fn insert(&mut self, v: ValueId, d: DerefInfo) {
        debug_assert!(!self.contains_key(&v));
        self.slot[v.index()] = self.items.len() as u32;
        self.items.push((v, d));
    }

    fn iter(&self) -> impl Iterator<Item = &(ValueId, DerefInfo)> {
        self.items.iter()
    }

    fn keys(&self) -> impl Iterator<Item = ValueId> + '_ {
        self.items.iter().map(|(v, _)| *v)
    }

    /// Keeps the entries `keep` accepts.
    fn retain(&mut self, mut keep: impl FnMut(&DerefInfo) -> bool) {
        let DerefTable { slot, items } = self;
        items.retain(|(v, d)| {
            let k = keep(d);
            if !k {
                slot[v.index()] = u32::MAX;
            }
            k
        });
        for (k, (v, _)) in items.iter().enumerate() {
            slot[v.index()] = k as u32;
        }
    }
}

/// A set of variables: a sorted list (performance: a function has a few locals; no hash
/// table to allocate and fill per function).
#[derive(Default)]
struct VarSet(SmallVec<[VarId; 8]>);

impl VarSet {
    fn contains(&self, v: &VarId) -> bool {
        self.0.binary_search(v).is_ok()
    }

    fn insert(&mut self, v: VarId) {
        if let Err(at) = self.0.binary_search(&v) {
            self.0.insert(at, v);
        }
    }

    fn remove(&mut self, v: &VarId) {
        if let Ok(at) = self.0.binary_search(v) {
            self.0.remove(at);
        }
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

fn deref_of(f: &Function, v: ValueId) -> Option<&Deref> {
    match &f.def(v).kind {
        InstrKind::Deref(d) => Some(d),
        _ => None,
    }
}

/// The constant value of a scalar integer, if it is one.
fn const_index(f: &Function, v: ValueId) -> Option<i64> {
    let vd = f.value(v);
    if vd.num_components != 1 {
        return None;
    }
    match &f.def(v).kind {
        InstrKind::LoadConst { values, .. } => {
            let raw = *values.first()?;
            let bits = u32::from(vd.bit_size);
            Some(if bits == 0 || bits >= 64 {
                raw as i64
            } else {
                let sh = 64 - bits;
                ((raw << sh) as i64) >> sh
            })
        }
        _ => None,
    }
}

/// Resolves every deref in the function that is rooted at a candidate; removes candidates
/// with a deref that cannot be followed (dynamic index, cast, out-of-range index).
fn scan_derefs(
    f: &Function,
    types: &Types,
    order: &[BlockId],
    candidates: &mut VarSet,
) -> DerefTable {
    let mut info = DerefTable::new(f.values.len());
    let mut bad = VarSet::default();
    // Derefs are defined before their children in program order (dominance), but walk to
    // a fixed point to be safe: again only when a deref was met before its parent deref
    // (performance: one walk otherwise; the blocks' lists are walked in place).
    let instrs = || {
        order
            .iter()
            .flat_map(|&b| f.blocks[b].instrs.iter().copied())
    };
    loop {
        let mut changed = false;
        let mut early = false;
        for i in instrs() {
            let InstrKind::Deref(d) = &f.instrs[i].kind else {
                continue;
            };
            if info.contains_key(&d.dest) {
                continue;
            }
            // A parent deref without an entry that could still get one (rooted at a
            // candidate not yet rejected: it was not walked yet): its children need another
            // walk. (performance: the chain is followed instead of a set of the derefs
            // walked being kept.)
            let unresolved = |parent: ValueId| {
                let mut cur = parent;
                while let Some(pd) = deref_of(f, cur) {
                    match pd.kind {
                        DerefKind::Var(v) => return candidates.contains(&v) && !bad.contains(&v),
                        DerefKind::Array { parent, .. } | DerefKind::Struct { parent, .. } => {
                            cur = parent
                        }
                        // Nothing below a cast gets an entry.
                        DerefKind::Cast { .. } => return false,
                    }
                }
                false
            };
            let new = match d.kind {
                DerefKind::Var(v) => {
                    if !candidates.contains(&v) {
                        info.settle(d.dest);
                        continue;
                    }
                    Some(DerefInfo {
                        var: v,
                        path: SmallVec::new(),
                        component: None,
                        ty: d.ty,
                    })
                }
                DerefKind::Array { parent, index } => {
                    let Some(p) = info.get(&parent) else {
                        if info.is_settled(parent) {
                            info.settle(d.dest);
                        } else {
                            early |= unresolved(parent);
                        }
                        continue;
                    };
                    let var = p.var;
                    let c = const_index(f, index);
                    let len = types.length(p.ty);
                    match (c, len) {
                        (Some(c), Some(len))
                            if c >= 0 && (c as u64) < u64::from(len) && p.component.is_none() =>
                        {
                            let mut path = SmallVec::from_slice(&p.path);
                            let mut component = None;
                            if let Type::Vector { components, .. } = types.get(p.ty) {
                                if *components > 1 {
                                    component = Some(c as u8);
                                }
                            }
                            if component.is_none() {
                                path.push(Step::Index(c as u32));
                            }
                            Some(DerefInfo {
                                var,
                                path,
                                component,
                                ty: d.ty,
                            })
                        }
                        _ => {
                            bad.insert(var);
                            None
                        }
                    }
                }
                DerefKind::Struct { parent, field } => {
                    let Some(p) = info.get(&parent) else {
                        if info.is_settled(parent) {
                            info.settle(d.dest);
                        } else {
                            early |= unresolved(parent);
                        }
                        continue;
                    };
                    let mut path = SmallVec::from_slice(&p.path);
                    path.push(Step::Field(field));
                    Some(DerefInfo {
                        var: p.var,
                        path,
                        component: None,
                        ty: d.ty,
                    })
                }
                DerefKind::Cast { parent } => {
                    if let Some(p) = info.get(&parent) {
                        bad.insert(p.var);
                    } else if !info.is_settled(parent) {
                        early |= unresolved(parent);
                    }
                    // Nothing below a cast gets an entry.
                    info.settle(d.dest);
                    None
                }
            };
            if let Some(n) = new {
                info.insert(d.dest, n);
                changed = true;
            }
        }
        if !(changed && early) {
            break;
        }
    }
    // Uses of the derefs: only derefs (as the parent), loads, stores (address) and copies.
    for &(v, ref di) in info.iter() {
        for u in &f.value(v).uses {
            let ok = match *u {
                fresnel_ir::Use::Instr { instr, src } => match &f.instrs[instr].kind {
                    InstrKind::Deref(d) => {
                        src == 0
                            && matches!(d.kind, DerefKind::Array { .. } | DerefKind::Struct { .. })
                    }
                    InstrKind::Intrinsic(x) => match x.op {
                        Intrinsic::LoadDeref => true,
                        Intrinsic::StoreDeref => src == 0,
                        Intrinsic::CopyDeref => true,
                        _ => false,
                    },
                    _ => false,
                },
                fresnel_ir::Use::IfCond(_) => false,
            };
            if !ok {
                bad.insert(di.var);
            }
        }
    }
    for b in &bad.0 {
        candidates.remove(b);
    }
    info.retain(|d| candidates.contains(&d.var));
    info
}

/// The scalar/vector leaves of a type, as paths with their types; `None` when the type
/// holds something else (opaque, runtime-sized) or more than [`MAX_LEAVES`].
fn leaves(types: &mut Types, ty: TypeId) -> Option<Vec<(SmallVec<[Step; 4]>, TypeId)>> {
    fn go(
        types: &mut Types,
        ty: TypeId,
        path: &mut SmallVec<[Step; 4]>,
        out: &mut Vec<(SmallVec<[Step; 4]>, TypeId)>,
    ) -> bool {
        if out.len() > MAX_LEAVES {
            return false;
        }
        match types.get(ty).clone() {
            Type::Vector { .. } => {
                out.push((SmallVec::from_slice(path), ty));
                true
            }
            Type::Matrix { columns, .. } => {
                let Some(col) = types.element(ty) else {
                    return false;
                };
                for c in 0..u32::from(columns) {
                    path.push(Step::Index(c));
                    out.push((SmallVec::from_slice(path), col));
                    path.pop();
                }
                true
            }
            Type::Array { elem, len, .. } => {
                if len == 0 {
                    return false;
                }
                for i in 0..len {
                    path.push(Step::Index(i));
                    let ok = go(types, elem, path, out);
                    path.pop();
                    if !ok {
                        return false;
                    }
                }
                true
            }
            Type::Struct { fields, .. } => {
                for (i, fl) in fields.iter().enumerate() {
                    path.push(Step::Field(i as u32));
                    let ok = go(types, fl.ty, path, out);
                    path.pop();
                    if !ok {
                        return false;
                    }
                }
                true
            }
            _ => false,
        }
    }
    let mut out = Vec::new();
    let mut path = SmallVec::new();
    if go(types, ty, &mut path, &mut out) && out.len() <= MAX_LEAVES {
        Some(out)
    } else {
        None
    }
}

/// Creates an instruction with fresh results and inserts it at `at` in `block`.
fn insert(
    f: &mut Function,
    block: BlockId,
    at: usize,
    shapes: &[(u8, u8)],
    make: impl FnOnce(&[ValueId]) -> InstrKind,
) -> InstrId {
    let id = f.new_instr(block, shapes, make);
    f.insert_instr(block, at, id);
    id
}

fn position(f: &Function, block: BlockId, i: InstrId) -> usize {
    f.blocks[block]
        .instrs
        .iter()
        .position(|x| *x == i)
        .unwrap_or(f.blocks[block].instrs.len())
}

/// Builds a deref chain `base` + `path` before instruction `before`; returns the final deref.
fn build_chain(
    f: &mut Function,
    types: &mut Types,
    before: InstrId,
    base: ValueId,
    path: &[Step],
) -> ValueId {
    let block = f.instrs[before].block;
    let (mut cur, mut ty, mode) = {
        let d = deref_of(f, base).expect("copy_deref operands are derefs");
        (base, d.ty, d.mode)
    };
    for step in path {
        let at = position(f, block, before);
        match *step {
            Step::Index(i) => {
                let cid = insert(f, block, at, &[(32, 1)], |d| InstrKind::LoadConst {
                    dest: d[0],
                    values: smallvec::smallvec![u64::from(i)],
                });
                let idx = f.instrs[cid].kind.dests()[0];
                let ety = types.element(ty).expect("indexable");
                let parent = cur;
                let id = insert(f, block, at + 1, &[(32, 1)], |d| {
                    InstrKind::Deref(Deref {
                        dest: d[0],
                        kind: DerefKind::Array { parent, index: idx },
                        ty: ety,
                        mode,
                    })
                });
                cur = f.instrs[id].kind.dests()[0];
                ty = ety;
            }
            Step::Field(fi) => {
                let fty = match types.get(ty) {
                    Type::Struct { fields, .. } => fields[fi as usize].ty,
                    _ => unreachable!("struct step on a non-struct"),
                };
                let parent = cur;
                let id = insert(f, block, at, &[(32, 1)], |d| {
                    InstrKind::Deref(Deref {
                        dest: d[0],
                        kind: DerefKind::Struct { parent, field: fi },
                        ty: fty,
                        mode,
                    })
                });
                cur = f.instrs[id].kind.dests()[0];
                ty = fty;
            }
        }
    }
    cur
}

/// Splits `copy_deref`s that touch a candidate into loads and stores per leaf.
fn split_copies(
    f: &mut Function,
    types: &mut Types,
    order: &[BlockId],
    candidates: &mut VarSet,
    info: &DerefTable,
) -> bool {
    let copies: Vec<(InstrId, ValueId, ValueId)> = order
        .iter()
        .flat_map(|&b| f.blocks[b].instrs.iter().copied())
        .filter_map(|i| match &f.instrs[i].kind {
            InstrKind::Intrinsic(x) if x.op == Intrinsic::CopyDeref && x.srcs.len() == 2 => {
                Some((i, x.srcs[0], x.srcs[1]))
            }
            _ => None,
        })
        .collect();
    // First decide which copies can be split; a copy that cannot keeps both sides in memory.
    let mut plans = Vec::new();
    for (i, dst, src) in copies {
        let roots: Vec<VarId> = [dst, src]
            .iter()
            .filter_map(|v| info.get(v).map(|d| d.var))
            .collect();
        if roots.is_empty() {
            continue;
        }
        // Both sides must be derefs of one type (as the validator requires).
        let same_type = match (deref_of(f, dst), deref_of(f, src)) {
            (Some(d), Some(s)) if d.ty == s.ty => Some(d.ty),
            _ => None,
        };
        match same_type.and_then(|t| leaves(types, t)) {
            Some(ls) => plans.push((i, dst, src, ls, roots)),
            None => {
                for r in roots {
                    candidates.remove(&r);
                }
            }
        }
    }
    let mut changed = false;
    for (i, dst, src, ls, roots) in plans {
        if !roots.iter().any(|r| candidates.contains(r)) {
            continue;
        }
        for (path, lty) in ls {
            let Some((bits, n)) = types.value_shape(lty) else {
                continue;
            };
            let s = build_chain(f, types, i, src, &path);
            let block = f.instrs[i].block;
            let at = position(f, block, i);
            let load = insert(f, block, at, &[(bits, n)], |d| {
                InstrKind::Intrinsic(IntrinsicInstr {
                    op: Intrinsic::LoadDeref,
                    dest: Some(d[0]),
                    srcs: smallvec::smallvec![s],
                    num_components: n,
                    indices: SmallVec::new(),
                })
            });
            let val = f.instrs[load].kind.dests()[0];
            let t = build_chain(f, types, i, dst, &path);
            let at = position(f, block, i);
            insert(f, block, at, &[], |_| {
                InstrKind::Intrinsic(IntrinsicInstr {
                    op: Intrinsic::StoreDeref,
                    dest: None,
                    srcs: smallvec::smallvec![t, val],
                    num_components: n,
                    indices: smallvec::smallvec![(IndexKind::WriteMask, (1i64 << n) - 1)],
                })
            });
        }
        f.remove_instr(i);
        changed = true;
    }
    changed
}

/// The leaves by variable and path: a linear search while there are few, a hash map beyond
/// (performance: most functions promote a few leaves; no table to allocate and hash then).
#[derive(Default)]
struct LeafIds {
    /// The keys in leaf order, while there are at most [`LeafIds::LINEAR`] (then empty).
    few: SmallVec<[(VarId, SmallVec<[Step; 4]>); 4]>,
    many: FxHashMap<(VarId, SmallVec<[Step; 4]>), usize>,
}

impl LeafIds {
    const LINEAR: usize = 16;

    /// The leaf of `(var, path)`; `make` creates it (returning its index, the next one)
    /// when it is new.
    fn id(
        &mut self,
        var: VarId,
        path: &SmallVec<[Step; 4]>,
        make: impl FnOnce() -> usize,
    ) -> usize {
        if self.many.is_empty() {
            if let Some(k) = self.few.iter().position(|(v, p)| *v == var && p == path) {
                return k;
            }
            if self.few.len() < Self::LINEAR {
                self.few.push((var, SmallVec::from_slice(path)));
                return make();
            }
            for (k, key) in self.few.drain(..).enumerate() {
                self.many.insert(key, k);
            }
        }
        *self
            .many
            .entry((var, SmallVec::from_slice(path)))
            .or_insert_with(make)
    }
}

/// A leaf being promoted: its shape.
struct Leaf {
    bits: u8,
    n: u8,
    /// The `undef` read before any store (created on demand).
    undef: Option<ValueId>,
    /// Whether the leaf is loaded anywhere.
    loaded: bool,
    /// The blocks storing it (inline: most leaves are stored in a few blocks).
    stored_in: SmallVec<[BlockId; 4]>,
}

enum Access {
    Load {
        leaf: usize,
        component: Option<u8>,
        dest: ValueId,
    },
    Store {
        leaf: usize,
        component: Option<u8>,
        mask: i64,
    },
}

/// Promotes the function's candidates; returns the variables removed.
fn promote_function(
    f: &mut Function,
    types: &mut Types,
    vars: &EntityVec<VarId, Variable>,
) -> Vec<VarId> {
    // Parameters and the return variable stay (performance: a scan of the few parameters
    // instead of a set to build).
    let fixed = |v: &VarId| f.ret == Some(*v) || f.params.iter().any(|p| p.var == *v);
    let mut candidates = VarSet(
        f.locals
            .iter()
            .copied()
            .filter(|v| {
                let var = vars.get(*v);
                !fixed(v) && var.is_some_and(|x| x.mode == VarMode::Function && x.init.is_none())
            })
            .collect(),
    );
    candidates.0.sort_unstable();
    candidates.0.dedup();
    if candidates.is_empty() {
        return Vec::new();
    }
    // The blocks in program order, once (performance: the pass adds no block, so every
    // step walks this one list).
    let order = f.blocks_in_order();
    let info = scan_derefs(f, types, &order, &mut candidates);
    if candidates.is_empty() {
        return Vec::new();
    }
    if split_copies(f, types, &order, &mut candidates, &info) {
        // Copies became loads and stores through new derefs: resolve them too.
        let again = scan_derefs(f, types, &order, &mut candidates);
        return promote_resolved(f, types, &order, candidates, again);
    }
    promote_resolved(f, types, &order, candidates, info)
}

/// The shape of the leaf a load or store through `deref` accesses, and the component it
/// selects.
fn leaf_shape(
    f: &Function,
    types: &Types,
    deref: ValueId,
    di: &DerefInfo,
) -> Option<((u8, u8), Option<u8>)> {
    match di.component {
        None => Some((types.value_shape(di.ty)?, None)),
        Some(c) => {
            let parent = match &f.def(deref).kind {
                InstrKind::Deref(Deref {
                    kind: DerefKind::Array { parent, .. },
                    ..
                }) => deref_of(f, *parent).map(|p| p.ty)?,
                _ => return None,
            };
            Some((types.value_shape(parent)?, Some(c)))
        }
    }
}

fn promote_resolved(
    f: &mut Function,
    types: &Types,
    order: &[BlockId],
    mut candidates: VarSet,
    mut info: DerefTable,
) -> Vec<VarId> {
    // Accesses of a shape that cannot be an SSA value (not a vector, or wider than a `vec4`
    // can rebuild), or malformed ones, keep their variable in memory. The loads and stores
    // through the candidates' derefs are listed for the next step (performance: one walk
    // of the blocks).
    // Inline here and for the tables below (performance: most functions promote a few
    // leaves accessed a few times, in a few blocks).
    let mut through: SmallVec<[(BlockId, InstrId); 8]> = SmallVec::new();
    for &b in order {
        for &i in &f.blocks[b].instrs {
            if let InstrKind::Intrinsic(x) = &f.instrs[i].kind {
                let well_formed = match x.op {
                    Intrinsic::LoadDeref => x.srcs.len() == 1 && x.dest.is_some(),
                    Intrinsic::StoreDeref => x.srcs.len() == 2,
                    _ => continue,
                };
                if let Some(di) = x.srcs.first().and_then(|d| info.get(d)) {
                    through.push((b, i));
                    let shape = leaf_shape(f, types, x.srcs[0], di);
                    if !well_formed || !shape.is_some_and(|((_, n), _)| (1..=4).contains(&n)) {
                        candidates.remove(&di.var);
                    }
                }
            }
        }
    }
    info.retain(|d| candidates.contains(&d.var));
    if candidates.is_empty() {
        return Vec::new();
    }
    // Leaves and accesses.
    let mut leaf_ids = LeafIds::default();
    let mut leaves: SmallVec<[Leaf; 2]> = SmallVec::new();
    // The access of each instruction, by instruction index (`u32::MAX`: none) into
    // `access_list` (performance: the renaming looks up every instruction of the function;
    // an array read instead of a hash).
    let mut access_of: Vec<u32> = vec![u32::MAX; f.instrs.len()];
    let mut access_list: SmallVec<[Access; 8]> = SmallVec::with_capacity(through.len());
    {
        for &(b, i) in &through {
            let InstrKind::Intrinsic(x) = &f.instrs[i].kind else {
                continue;
            };
            if !matches!(x.op, Intrinsic::LoadDeref | Intrinsic::StoreDeref) {
                continue;
            }
            let Some(di) = x.srcs.first().and_then(|d| info.get(d)) else {
                continue;
            };
            let Some(((bits, n), component)) = leaf_shape(f, types, x.srcs[0], di) else {
                continue;
            };
            let leaf = leaf_ids.id(di.var, &di.path, || {
                leaves.push(Leaf {
                    bits,
                    n,
                    undef: None,
                    loaded: false,
                    stored_in: SmallVec::new(),
                });
                leaves.len() - 1
            });
            let acc = match x.op {
                Intrinsic::LoadDeref => {
                    leaves[leaf].loaded = true;
                    Access::Load {
                        leaf,
                        component,
                        dest: x.dest.expect("load_deref has a result"),
                    }
                }
                _ => {
                    leaves[leaf].stored_in.push(b);
                    Access::Store {
                        leaf,
                        component,
                        mask: x.index(IndexKind::WriteMask).unwrap_or(-1),
                    }
                }
            };
            access_of[i.0 as usize] = access_list.len() as u32;
            access_list.push(acc);
        }
    }
    // The blocks holding a load or store of a candidate (the others keep their lists).
    let mut has_access: SmallVec<[bool; 16]> = smallvec::smallvec![false; f.blocks.len()];
    for &(b, _) in &through {
        has_access[b.index()] = true;
    }
    let accesses = |i: InstrId| -> Option<&Access> {
        match access_of.get(i.0 as usize) {
            Some(&k) if k != u32::MAX => Some(&access_list[k as usize]),
            _ => None,
        }
    };
    // A function of one block (and the end block) has no joins, so no phis, and its
    // dominator tree is that block alone as far as the renaming goes (the end block holds
    // nothing): no `DomTree` then (performance: most functions are straight-line code).
    let dom = (order.len() > 2).then(|| DomTree::compute(f));
    let start = f.start_block();
    // Instructions from here on are made by this pass (phis, undefs, movs, vectors).
    let first_new = f.instrs.len();
    // Phis at the iterated dominance frontiers of the stores (leaves that are loaded).
    let mut phis_at: BTreeMap<BlockId, Vec<(usize, InstrId)>> = BTreeMap::new();
    let mut placed: Vec<InstrId> = Vec::new();
    if let Some(dom) = &dom {
        for (l, leaf) in leaves.iter().enumerate() {
            if !leaf.loaded {
                continue;
            }
            let mut defs = SmallVec::<[BlockId; 4]>::from_slice(&leaf.stored_in);
            defs.push(start);
            for b in dom.iterated_frontier(&defs) {
                let (bits, n) = (leaf.bits, leaf.n);
                let at = f.blocks[b]
                    .instrs
                    .iter()
                    .take_while(|i| f.instrs[**i].kind.is_phi())
                    .count();
                let id = insert(f, b, at, &[(bits, n)], |d| InstrKind::Phi {
                    dest: d[0],
                    srcs: SmallVec::new(),
                });
                phis_at.entry(b).or_default().push((l, id));
                placed.push(id);
            }
        }
    }
    // The value of each leaf before any store (removed at the end when unused), each
    // inserted after the start block's phis ahead of the ones before it: one splice of the
    // list in reverse (performance: not one shift of the block per leaf).
    let at = f.blocks[start]
        .instrs
        .iter()
        .take_while(|i| f.instrs[**i].kind.is_phi())
        .count();
    // Inline lists here and below (performance: most functions promote a few leaves).
    let mut undefs: SmallVec<[InstrId; 8]> = SmallVec::with_capacity(leaves.len());
    for leaf in leaves.iter_mut() {
        let id = f.new_instr(start, &[(leaf.bits, leaf.n)], |d| InstrKind::Undef {
            dest: d[0],
        });
        leaf.undef = Some(f.instrs[id].kind.dests()[0]);
        undefs.push(id);
    }
    f.blocks[start]
        .instrs
        .splice(at..at, undefs.into_iter().rev());
    // Rename along the dominator tree, rebuilding each block's instruction list (the loads
    // and stores go; their replacements take their place).
    // The current value of each leaf (its undef before any store); a block's visit logs the
    // values it replaced, restored when the walk leaves it (performance: one inline list
    // and an undo log instead of a stack per leaf).
    let mut cur: SmallVec<[ValueId; 8]> = leaves
        .iter()
        .map(|leaf| leaf.undef.expect("every leaf has an undef"))
        .collect();
    enum Visit {
        Enter(BlockId),
        Exit(SmallVec<[(usize, ValueId); 4]>),
    }
    let mut work: SmallVec<[Visit; 8]> = smallvec::smallvec![Visit::Enter(start)];
    while let Some(v) = work.pop() {
        let b = match v {
            Visit::Exit(replaced) => {
                for (l, old) in replaced.into_iter().rev() {
                    cur[l] = old;
                }
                continue;
            }
            Visit::Enter(b) => b,
        };
        let mut replaced: SmallVec<[(usize, ValueId); 4]> = SmallVec::new();
        if let Some(ps) = phis_at.get(&b) {
            for &(l, id) in ps {
                replaced.push((l, cur[l]));
                cur[l] = f.instrs[id].kind.dests()[0];
            }
        }
        // Rewritten in place: an access is replaced by at most one instruction
        // (performance: no new list per block; blocks without accesses are left alone).
        let rewrite = has_access[b.index()];
        let mut list = std::mem::take(&mut f.blocks[b].instrs);
        let mut w = 0;
        for r in 0..if rewrite { list.len() } else { 0 } {
            let i = list[r];
            let Some(acc) = accesses(i) else {
                list[w] = i;
                w += 1;
                continue;
            };
            // Uses are rebuilt at the end: the access just leaves the block.
            f.instrs[i].removed = true;
            match *acc {
                Access::Load {
                    leaf,
                    component,
                    dest,
                } => {
                    let now = cur[leaf];
                    let val = match component {
                        None => now,
                        Some(c) => {
                            let bits = leaves[leaf].bits;
                            let id = f.new_instr(b, &[(bits, 1)], |d| {
                                InstrKind::Alu(Alu {
                                    op: AluOp::Mov,
                                    dest: d[0],
                                    srcs: smallvec::smallvec![AluSrc::broadcast(now, c)],
                                    exact: false,
                                })
                            });
                            list[w] = id;
                            w += 1;
                            f.instrs[id].kind.dests()[0]
                        }
                    };
                    f.replace_all_uses(dest, val);
                }
                Access::Store {
                    leaf,
                    component,
                    mask,
                } => {
                    // The stored value may have been renamed since the scan.
                    let value = match &f.instrs[i].kind {
                        InstrKind::Intrinsic(x) => x.srcs[1],
                        _ => unreachable!("store_deref"),
                    };
                    let (bits, n) = (leaves[leaf].bits, leaves[leaf].n);
                    let full = (1i64 << n) - 1;
                    let srcs: Option<Vec<AluSrc>> = match component {
                        Some(c) if mask & 1 != 0 => {
                            let old = cur[leaf];
                            Some(
                                (0..n)
                                    .map(|k| {
                                        if k == c {
                                            AluSrc::broadcast(value, 0)
                                        } else {
                                            AluSrc::broadcast(old, k)
                                        }
                                    })
                                    .collect(),
                            )
                        }
                        None if mask & full != full && mask & full != 0 => {
                            let old = cur[leaf];
                            Some(
                                (0..n)
                                    .map(|k| {
                                        if mask & (1 << k) != 0 {
                                            AluSrc::broadcast(value, k)
                                        } else {
                                            AluSrc::broadcast(old, k)
                                        }
                                    })
                                    .collect(),
                            )
                        }
                        _ => None,
                    };
                    let new = match srcs {
                        Some(srcs) => {
                            let id = vec_instr(f, b, bits, &srcs);
                            list[w] = id;
                            w += 1;
                            Some(f.instrs[id].kind.dests()[0])
                        }
                        None if component.is_none() && mask & full == full => Some(value),
                        None => None,
                    };
                    if let Some(v) = new {
                        replaced.push((leaf, cur[leaf]));
                        cur[leaf] = v;
                    }
                }
            }
        }
        if rewrite {
            list.truncate(w);
        }
        f.blocks[b].instrs = list;
        // Sources of the successors' phis.
        let succs: SmallVec<[BlockId; 2]> = f.blocks[b].succs.iter().flatten().copied().collect();
        for s in succs {
            let Some(ps) = phis_at.get(&s) else {
                continue;
            };
            for &(l, id) in ps {
                let now = cur[l];
                if let InstrKind::Phi { srcs, .. } = &mut f.instrs[id].kind {
                    if !srcs.iter().any(|(p, _)| *p == b) {
                        srcs.push((b, now));
                    }
                }
            }
        }
        work.push(Visit::Exit(replaced));
        let children = match &dom {
            Some(dom) => dom.children(b),
            None => &[],
        };
        for &c in children.iter().rev() {
            work.push(Visit::Enter(c));
        }
    }
    // Unreachable blocks: loads read undef, stores vanish.
    for &b in order
        .iter()
        .filter(|b| has_access[b.index()] && dom.as_ref().is_some_and(|d| !d.is_reachable(**b)))
    {
        let mut list = std::mem::take(&mut f.blocks[b].instrs);
        let mut w = 0;
        for r in 0..list.len() {
            let i = list[r];
            match accesses(i) {
                Some(Access::Load { dest, .. }) => {
                    let dest = *dest;
                    let (bits, n) = (f.value(dest).bit_size, f.value(dest).num_components);
                    let u = f.new_instr(b, &[(bits, n)], |d| InstrKind::Undef { dest: d[0] });
                    list[w] = u;
                    w += 1;
                    let uv = f.instrs[u].kind.dests()[0];
                    f.replace_all_uses(dest, uv);
                    f.instrs[i].removed = true;
                }
                Some(Access::Store { .. }) => f.instrs[i].removed = true,
                None => {
                    list[w] = i;
                    w += 1;
                }
            }
        }
        list.truncate(w);
        f.blocks[b].instrs = list;
    }
    // Phi sources from predecessors the walk did not reach; sorted by predecessor.
    for (&b, ps) in &phis_at {
        let preds = f.blocks[b].preds.clone();
        for &(l, id) in ps {
            let missing: Vec<BlockId> = match &f.instrs[id].kind {
                InstrKind::Phi { srcs, .. } => preds
                    .iter()
                    .filter(|p| !srcs.iter().any(|(q, _)| q == *p))
                    .copied()
                    .collect(),
                _ => Vec::new(),
            };
            if !missing.is_empty() {
                let u = undef_of(f, &mut leaves, l, start);
                if let InstrKind::Phi { srcs, .. } = &mut f.instrs[id].kind {
                    srcs.extend(missing.into_iter().map(|p| (p, u)));
                }
            }
            if let InstrKind::Phi { srcs, .. } = &mut f.instrs[id].kind {
                srcs.sort_by_key(|(p, _)| *p);
            }
            // The phi's sources as uses, now that their order is final.
            let Function { instrs, values, .. } = &mut *f;
            instrs[id].kind.for_each_src(|k, v| {
                values[v].uses.push(fresnel_ir::Use::Instr {
                    instr: id,
                    src: k as u16,
                })
            });
        }
    }
    // The use lists are rebuilt once, at the end (performance: not after each step).
    // Until then every live use is listed (the builder's, the phis' sources, and those
    // `replace_all_uses` moved), but so are uses by the loads and stores just removed:
    // [`live_use`] tells them apart.
    let mut live_ifs = vec![false; f.ifs.len()];
    // No `if` made: no walk of the tree (performance: straight-line functions).
    if !f.ifs.is_empty() {
        f.walk(&mut |n| {
            if let fresnel_ir::CfNode::If(i) = n {
                live_ifs[i.0 as usize] = true;
            }
        });
    }
    remove_trivial_phis(f, &placed);
    remove_dead_phis(f, &placed, &live_ifs);
    // Unused undefs created for leaves.
    let unused: SmallVec<[InstrId; 8]> = leaves
        .iter()
        .filter_map(|leaf| leaf.undef)
        .filter(|&u| !f.value(u).uses.iter().any(|x| live_use(f, &live_ifs, x)))
        .map(|u| f.value(u).def)
        .collect();
    // The promoted variables' derefs (every one is in a block of the tree: the scan walked
    // them there), and those undefs: each block holding them is filtered once (performance:
    // the start block, often most of the function, holds both). An undef reads nothing, so
    // no use list loses a use.
    let dead: SmallVec<[InstrId; 8]> = info.keys().map(|v| f.value(v).def).collect();
    let mut blocks: SmallVec<[BlockId; 8]> = SmallVec::new();
    for i in dead.into_iter().chain(unused) {
        f.instrs[i].removed = true;
        blocks.push(f.instrs[i].block);
    }
    blocks.sort();
    blocks.dedup();
    for b in blocks {
        let mut list = std::mem::take(&mut f.blocks[b].instrs);
        list.retain(|x| !f.instrs[*x].removed);
        f.blocks[b].instrs = list;
    }
    // The use lists hold what `rebuild_uses` would list: every live use is listed already,
    // so the stale ones are dropped (performance: no list rebuilt from every instruction's
    // sources), and a list this pass changed is sorted. Only the lists this pass touched can
    // hold a stale use (performance: not every value of the function); the others keep
    // their order, which earlier passes may have left other than ascending. Those touched
    // are the lists of the values the removed accesses and derefs read, the derefs
    // themselves, and the values the new instructions read or define (every value a use was
    // moved to is one of these: a load's replacement is a leaf's current value, an undef,
    // phi, vector or stored value). An `if` out of the tree could leave a stale condition use
    // on any value: then every list is looked at.
    let mut touched: Vec<ValueId> = Vec::with_capacity(
        2 * (access_list.len() + info.items.len() + (f.instrs.len() - first_new)),
    );
    // A removed load's result lost its uses to its replacement already: its sources only.
    for &(_, i) in &through {
        if accesses(i).is_some() {
            f.instrs[i].kind.for_each_src(|_, v| touched.push(v));
        }
    }
    // A removed deref and its index (its parent is a removed deref too).
    for v in info.keys() {
        touched.push(v);
        if let Some(Deref {
            kind: DerefKind::Array { index, .. },
            ..
        }) = deref_of(f, v)
        {
            touched.push(*index);
        }
    }
    for k in first_new..f.instrs.len() {
        let kind = &f.instrs[InstrId(k as u32)].kind;
        kind.for_each_src(|_, v| touched.push(v));
        match kind {
            InstrKind::Alu(Alu { dest, .. })
            | InstrKind::Phi { dest, .. }
            | InstrKind::Undef { dest } => touched.push(*dest),
            _ => touched.extend(kind.dests()),
        }
    }
    let Function { instrs, values, .. } = &mut *f;
    let keep = |u: &fresnel_ir::Use| match *u {
        fresnel_ir::Use::Instr { instr, .. } => !instrs[instr].removed,
        fresnel_ir::Use::IfCond(i) => live_ifs[i.0 as usize],
    };
    if live_ifs.iter().all(|&l| l) {
        let mut seen = fresnel_ir::analysis::BitSet::new(values.len());
        for v in touched {
            if seen.insert(v.index()) {
                values[v].uses.retain_sorted(keep);
            }
        }
    } else {
        for (_, v) in values.iter_mut() {
            v.uses.retain_sorted(keep);
        }
    }
    debug_assert!(
        uses_as_rebuilt(f),
        "use lists hold other uses than a rebuild"
    );
    // Sorted already (a `VarSet`).
    let removed: Vec<VarId> = candidates.0.into_vec();
    f.locals.retain(|v| removed.binary_search(v).is_err());
    removed
}

/// Whether every use list of `f` holds the uses [`Function::rebuild_uses`] would list, in
/// any order (a list keeps the order its uses were added in; see the end of
/// `promote_resolved`).
fn uses_as_rebuilt(f: &Function) -> bool {
    let mut g = f.clone();
    g.rebuild_uses_fast();
    let same = g
        .values
        .iter()
        .zip(f.values.iter())
        .all(|((_, a), (_, b))| {
            let mut a: Vec<_> = a.uses.iter().copied().collect();
            let mut b: Vec<_> = b.uses.iter().copied().collect();
            a.sort_unstable();
            b.sort_unstable();
            a == b
        });
    same
}

/// A `vecN` (or `mov` for one component) of the given sources, not yet in a block.
fn vec_instr(f: &mut Function, b: BlockId, bits: u8, srcs: &[AluSrc]) -> InstrId {
    let n = srcs.len() as u8;
    let op = AluOp::vec(n).expect("1 to 4 components");
    let srcs: SmallVec<[AluSrc; 4]> = srcs.iter().copied().collect();
    f.new_instr(b, &[(bits, n)], |d| {
        InstrKind::Alu(Alu {
            op,
            dest: d[0],
            srcs,
            exact: false,
        })
    })
}

fn undef_of(f: &mut Function, leaves: &mut [Leaf], l: usize, start: BlockId) -> ValueId {
    if let Some(u) = leaves[l].undef {
        return u;
    }
    let (bits, n) = (leaves[l].bits, leaves[l].n);
    let at = f.blocks[start]
        .instrs
        .iter()
        .take_while(|i| f.instrs[**i].kind.is_phi())
        .count();
    let id = insert(f, start, at, &[(bits, n)], |d| InstrKind::Undef {
        dest: d[0],
    });
    let u = f.instrs[id].kind.dests()[0];
    leaves[l].undef = Some(u);
    u
}

/// Replaces placed phis whose sources are all one value (or the phi itself) by that value,
/// until none is left (Braun et al.: the value then dominates the phi).
fn remove_trivial_phis(f: &mut Function, placed: &[InstrId]) {
    // Marked removed at once, taken out of blocks and use lists together at the end (one
    // pass over each: a value standing for thousands of phis stays cheap).
    let mut gone: Vec<InstrId> = Vec::new();
    let mut changed = true;
    while changed {
        changed = false;
        for &p in placed {
            if f.instrs[p].removed {
                continue;
            }
            let InstrKind::Phi { dest, srcs } = &f.instrs[p].kind else {
                continue;
            };
            let dest = *dest;
            let mut same: Option<ValueId> = None;
            let mut trivial = true;
            for (_, v) in srcs {
                if *v == dest || Some(*v) == same {
                    continue;
                }
                if same.is_some() {
                    trivial = false;
                    break;
                }
                same = Some(*v);
            }
            let Some(v) = same.filter(|_| trivial) else {
                continue;
            };
            f.replace_all_uses(dest, v);
            f.instrs[p].removed = true;
            gone.push(p);
            changed = true;
        }
    }
    // Unchecked: the use lists still name removed loads and stores (see `live_use`).
    f.remove_instrs_unchecked(&gone);
}

/// Whether a use is by an instruction still in place or an `if` still in the tree (the use
/// lists of [`promote_resolved`] name removed loads and stores until they are rebuilt).
fn live_use(f: &Function, live_ifs: &[bool], u: &fresnel_ir::Use) -> bool {
    match *u {
        fresnel_ir::Use::Instr { instr, .. } => !f.instrs[instr].removed,
        fresnel_ir::Use::IfCond(i) => live_ifs[i.0 as usize],
    }
}

/// Removes placed phis whose results only feed other removable phis.
fn remove_dead_phis(f: &mut Function, placed: &[InstrId], live_ifs: &[bool]) {
    let placed_set: FxHashSet<InstrId> = placed.iter().copied().collect();
    let mut live: FxHashSet<InstrId> = FxHashSet::default();
    let mut work: Vec<InstrId> = Vec::new();
    for &p in placed {
        let d = f.instrs[p].kind.dests()[0];
        let used_elsewhere = f.value(d).uses.iter().any(|u| match u {
            fresnel_ir::Use::Instr { instr, .. } => !placed_set.contains(instr),
            fresnel_ir::Use::IfCond(_) => true,
        } && live_use(f, live_ifs, u));
        if used_elsewhere && live.insert(p) {
            work.push(p);
        }
    }
    while let Some(p) = work.pop() {
        for s in f.instrs[p].kind.srcs() {
            let d = f.value(s).def;
            if placed_set.contains(&d) && live.insert(d) {
                work.push(d);
            }
        }
    }
    let mut blocks: Vec<BlockId> = Vec::new();
    for &p in placed {
        if !live.contains(&p) {
            f.instrs[p].removed = true;
            blocks.push(f.instrs[p].block);
        }
    }
    // Nothing removed (performance: most functions place no phi at all).
    if blocks.is_empty() {
        return;
    }
    blocks.sort();
    blocks.dedup();
    for b in blocks {
        let mut list = std::mem::take(&mut f.blocks[b].instrs);
        list.retain(|x| !f.instrs[*x].removed);
        f.blocks[b].instrs = list;
    }
    // The use lists are rebuilt by the caller.
}

/// [`vars_to_ssa`] as a pass.
pub struct VarsToSsa;

impl crate::Pass for VarsToSsa {
    fn name(&self) -> &'static str {
        "lower_vars_to_ssa"
    }

    fn run(&self, shader: &mut Shader) -> bool {
        vars_to_ssa(shader)
    }
}
