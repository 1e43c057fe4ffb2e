//! Whole-aggregate loads and stores, re-formed from the IR's element-by-element accesses.
//!
//! The IR reads and writes memory one vector at a time: a matrix is loaded column by column,
//! `out_m = in_m` becomes a load and a store per column, each through its own deref. SPIR-V
//! can load and store a matrix or an array of vectors whole, as glslang writes it:
//!
//! * a **load group** is a load of every element `0..n` of one matrix or array (through one
//!   parent deref, constant indices) in one block, with nothing between the first and the last
//!   of them that may write the variable. It becomes one `OpLoad` of the aggregate at the first
//!   load; an element whose value is used elsewhere is an `OpCompositeExtract` of it.
//! * a **store group** is a full-mask store of every element of one matrix or array in one
//!   block, with nothing between the first and the last that may read or write the variable
//!   or end the invocation's output (calls, barriers, `EmitVertex`, discard, ...). It becomes
//!   one `OpStore` at the last store: of the loaded aggregate itself when the values are the
//!   elements of a load group in order and the two SPIR-V types agree (a copy), otherwise of
//!   an `OpCompositeConstruct` of the values.
//!
//! The per-element derefs disappear when every use of them is in a group. Groups are formed
//! only where the result is exactly what the element accesses do: no booleans (stored as
//! integers outside a function), no volatile memory, no built-in matrices (some are read
//! transposed). Storage buffers may alias each other: for their groups, any access to a
//! storage buffer or buffer reference between the first and the last access is a conflict.
//! (Other invocations' writes are unordered with these accesses either way without a
//! barrier, which is itself a conflict.)
//!
//! Matrix operations re-formed around the groups (issue 6):
//!
//! * the column-by-column products `c0 * v.x + c1 * v.y + ...` as `OpMatrixTimesVector`
//!   (the vector's components may come from several values: constructed), `A * B` stored
//!   whole as `OpMatrixTimesMatrix`, `m * s` stored whole as `OpMatrixTimesScalar`; a
//!   product of a matrix that is free (loaded whole, constant, undefined, an inverse) or
//!   made for another product of the block anyway also when its coefficients are all
//!   constants; a product term shared by several sums is absorbed by each;
//! * a matrix loaded whole and read only by `determinant`/`inverse` needs no column
//!   extracts; `m = inverse(n)` stored whole is one store of the `MatrixInverse` result;
//! * `vecN(c0[j], c1[j], ...)` for every row `j` of the same columns is `OpTranspose`.

use fresnel_ir::{
    AluOp, BaseType, BlockId, Function, IndexKind, InstrId, InstrKind, Intrinsic, Shader, Type,
    ValueId, VarMode,
};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

use super::func::Val;
use super::spec::op;
use super::types::Kind;
use super::{Result, SpirvError};

/// The most elements a group gathers (larger aggregates stay element by element).
const MAX_ELEMS: u32 = 64;

/// One aggregate's element accesses gathered.
#[derive(Clone, Debug)]
pub struct Group {
    /// The deref of the whole matrix or array.
    pub parent: ValueId,
    /// Per element, in index order: the value loaded (load groups) or stored (store groups).
    /// (Performance: inline for a matrix or a short array; the writer clones the group.)
    pub values: Elems<ValueId>,
    /// The element index of each value (a load group may read only some elements; a store
    /// group writes all of them).
    pub indices: Elems<u32>,
}

/// A group's per-element list.
pub type Elems<T> = SmallVec<[T; 4]>;

/// A set of instructions: one flag per instruction id, grown on insertion (performance:
/// the analysis fills and probes these per instruction and per candidate; no hashing).
#[derive(Clone, Default, Debug)]
pub struct InstrSet {
    flags: Vec<bool>,
}

impl InstrSet {
    /// An empty set with room for the ids below `n` (performance: no growing on insertion).
    pub fn with_len(n: usize) -> InstrSet {
        InstrSet {
            flags: vec![false; n],
        }
    }

    pub fn contains(&self, i: &InstrId) -> bool {
        self.flags.get(i.0 as usize).copied().unwrap_or(false)
    }

    /// Adds `i`; whether it was absent.
    pub fn insert(&mut self, i: InstrId) -> bool {
        let k = i.0 as usize;
        if k >= self.flags.len() {
            self.flags.resize(k + 1, false);
        }
        !std::mem::replace(&mut self.flags[k], true)
    }

    pub fn remove(&mut self, i: &InstrId) {
        if let Some(x) = self.flags.get_mut(i.0 as usize) {
            *x = false;
        }
    }

    pub fn extend(&mut self, is: impl IntoIterator<Item = InstrId>) {
        for i in is {
            self.insert(i);
        }
    }

    /// The members, by id.
    pub fn iter(&self) -> impl Iterator<Item = InstrId> + '_ {
        self.flags
            .iter()
            .enumerate()
            .filter(|(_, &x)| x)
            .map(|(k, _)| InstrId(k as u32))
    }
}

/// The groups of one function and the IR instructions they absorb.
#[derive(Default, Debug)]
pub struct Groups {
    /// Instructions not written at all (element derefs, and the loads and stores of a group
    /// other than the one where the group is written).
    pub skip: InstrSet,
    /// At this load (the first of its group): the group's aggregate load.
    pub load_at: FxHashMap<InstrId, Group>,
    /// At this store (the last of its group): the group's aggregate store.
    pub store_at: FxHashMap<InstrId, Group>,
    /// Loaded element values used only by store groups (no extract needed unless a store
    /// group cannot take the aggregate as it is): value -> (load group parent, index).
    pub deferred: FxHashMap<ValueId, (ValueId, u32)>,
    /// Deferred loaded elements every reader of which takes one component at a time
    /// (`m[1].y * m[2].x`): each read is an `OpCompositeExtract` of the aggregate with two
    /// indices, and the element itself is never extracted.
    pub scalar_read: FxHashSet<ValueId>,
    /// Load groups by parent deref value: the values loaded.
    pub loaded: FxHashMap<ValueId, Elems<ValueId>>,
    /// At this `fadd` (the last of a matrix-vector product): the product.
    pub matvec_at: FxHashMap<InstrId, MatVec>,
    /// Store groups (by their last store) whose values are a loaded matrix's columns times
    /// one scalar: (the load group's parent, the scalar), written `OpMatrixTimesScalar`.
    pub scaled: FxHashMap<InstrId, (ValueId, Coef)>,
    /// Complete load groups of a matrix whose every column is read only by its product with
    /// one scalar, the products in one block and read elsewhere: at the first product, the
    /// load group's parent, the scalar and the products (in column order), written one
    /// `OpMatrixTimesScalar` and a column extract per product (the other products skipped).
    pub scaled_reads: FxHashMap<InstrId, (ValueId, Coef, Vec<ValueId>)>,
    /// Store groups (by their last store) whose values are the products of one matrix with
    /// each column of a loaded matrix in order: (the first product, the load group's
    /// parent), written `OpMatrixTimesMatrix` (the products are skipped).
    pub matmat: FxHashMap<InstrId, (MatVec, ValueId)>,
    /// Store groups (by their last store) whose values are the columns `0..n` of one
    /// matrix's inverse in order, each read only by the group: the first column's
    /// `finverseN_col0` (the columns are skipped; the inverse is stored whole).
    pub inverse_at: FxHashMap<InstrId, InstrId>,
    /// Matrices made of columns (`MatSrc::Cols`, by the column list) that are the products
    /// of one matrix with each column of another, read only by products of that matrix:
    /// written `OpMatrixTimesMatrix` (the column products skipped). Value: the first
    /// column's product (for its matrix) and the other matrix's columns.
    pub product_matrices: FxHashMap<Cols, (MatVec, Cols)>,
    /// Transposes by their first `vecN` (written there through `idiom.rs`; the other
    /// `vecN`s are skipped).
    pub transposes: Vec<(InstrId, Transpose)>,
    /// The columns of the transposes by their components `(value, component)`: a
    /// matrix-vector product whose coefficients are those reads the column.
    pub transposed: FxHashMap<Vec<(ValueId, u8)>, ValueId>,
}

/// `vecN(s0[j], s1[j], ...)` for every row `j` of the columns `s0, s1, ...` (the IR's
/// `transpose`), written `OpTranspose` of the columns made a matrix.
#[derive(Clone, Debug)]
pub struct Transpose {
    /// The columns of the matrix transposed.
    pub cols: Vec<ValueId>,
    /// The `vecN` results: column `j` of the transpose.
    pub dests: Vec<ValueId>,
    pub bits: u8,
}

/// Who reads each value, by value (dense, one array for all): an instruction, or `None` for
/// an `if` condition.
pub struct Users {
    /// `readers[start[v]..start[v + 1]]` read value `v`.
    start: Vec<u32>,
    readers: Vec<Option<InstrId>>,
}

impl Users {
    fn of(f: &Function) -> Users {
        let n = f.values.len();
        let mut count = vec![0u32; n + 1];
        // (Performance: generic, not a `dyn` call per source.)
        fn each(f: &Function, mut visit: impl FnMut(ValueId, Option<InstrId>)) {
            for (b, _) in f.blocks.iter() {
                for &i in &f.blocks[b].instrs {
                    f.instrs[i].kind.for_each_src(|_, s| visit(s, Some(i)));
                }
            }
            for (_, x) in f.ifs.iter() {
                visit(x.cond, None);
            }
        }
        each(f, |v, _| {
            if let Some(c) = count.get_mut(v.0 as usize) {
                *c += 1;
            }
        });
        // Prefix sums: `start[v]` is where `v`'s readers begin.
        let mut start = Vec::with_capacity(n + 1);
        let mut acc = 0u32;
        for c in &count {
            start.push(acc);
            acc += c;
        }
        let mut next = start.clone();
        let mut readers = vec![None; acc as usize];
        each(f, |v, r| {
            if let Some(k) = next.get_mut(v.0 as usize) {
                readers[*k as usize] = r;
                *k += 1;
            }
        });
        Users { start, readers }
    }

    /// The readers of `v`; `None` when nothing reads it.
    fn get(&self, v: &ValueId) -> Option<&[Option<InstrId>]> {
        let k = v.0 as usize;
        let (a, b) = (
            *self.start.get(k)? as usize,
            *self.start.get(k + 1)? as usize,
        );
        (b > a).then(|| &self.readers[a..b])
    }
}

/// A candidate element access.
struct Access {
    pos: usize,
    instr: InstrId,
    index: u32,
    /// The value loaded or stored.
    value: ValueId,
}

/// Finds the groups of `f`.
/// `refs`: the memory slots holding buffer references as pointers (`refs.rs`), never
/// grouped (their values are pointers, not integers).
pub fn analyze(
    shader: &Shader,
    f: &Function,
    refs: &FxHashMap<super::refs::Slot, fresnel_ir::TypeId>,
) -> Groups {
    let mut g = Groups::default();
    let mut absorbed = InstrSet::default();
    // Found in this walk (performance: no walk of their own): whether `f` has a candidate
    // root of [`find_matvecs`], and its `vecN`s (a transpose is two at least).
    let mut any_sum = false;
    let mut vecs = 0usize;
    for (_, block) in f.blocks.iter() {
        let instrs = &block.instrs;
        let mut loads: FxHashMap<ValueId, Vec<Access>> = FxHashMap::default();
        let mut stores: FxHashMap<ValueId, Vec<Access>> = FxHashMap::default();
        for (pos, &i) in instrs.iter().enumerate() {
            let x = match &f.instrs[i].kind {
                InstrKind::Intrinsic(x) => x,
                InstrKind::Alu(a) => {
                    any_sum |= is_product_sum(f, a);
                    vecs += usize::from(matches!(a.op, AluOp::Vec2 | AluOp::Vec3 | AluOp::Vec4));
                    continue;
                }
                _ => continue,
            };
            let (is_load, deref, value) = match x.op {
                Intrinsic::LoadDeref => match x.dest {
                    Some(d) => (true, x.srcs[0], d),
                    None => continue,
                },
                Intrinsic::StoreDeref => (false, x.srcs[0], x.srcs[1]),
                _ => continue,
            };
            let Some((parent, index, comps)) = element(shader, f, deref) else {
                continue;
            };
            // (Performance: no slot looked up when no slot holds a reference.)
            if !refs.is_empty()
                && super::refs::slot_of(shader, f, deref).is_some_and(|s| refs.contains_key(&s))
            {
                continue;
            }
            if f.values[value].num_components != comps {
                continue;
            }
            if !is_load {
                let full = (1u32 << comps) - 1;
                let mask = x.index(IndexKind::WriteMask).unwrap_or(0xf) as u32;
                if mask & full != full {
                    continue;
                }
            }
            let a = Access {
                pos,
                instr: i,
                index,
                value,
            };
            if is_load {
                loads.entry(parent).or_default().push(a);
            } else {
                stores.entry(parent).or_default().push(a);
            }
        }
        // (Performance: most blocks have no element access.)
        if loads.is_empty() && stores.is_empty() {
            continue;
        }
        // Deterministic order: by the first access's position. Loads of an aggregate read
        // again are cut into runs like stores (below); only the first run of a parent can
        // be a group, since the values a load group defers are found by its parent.
        let mut ls: Vec<(ValueId, Vec<Access>)> = split_runs(loads);
        ls.sort_by_key(|(_, a)| a[0].pos);
        for (parent, acc) in ls {
            if g.loaded.contains_key(&parent) {
                // One load group per parent in the function (a parent deref shared by
                // blocks): the values it defers are found by the parent.
                continue;
            }
            let Some(acc) = complete(shader, f, parent, acc, true) else {
                continue;
            };
            let first = acc.iter().map(|a| a.pos).min().unwrap_or(0);
            let last = acc.iter().map(|a| a.pos).max().unwrap_or(0);
            if !window_clear(f, instrs, first, last, parent, &acc, false) {
                continue;
            }
            let lead = instrs[first];
            for a in &acc {
                absorbed.insert(a.instr);
                if a.instr != lead {
                    g.skip.insert(a.instr);
                }
            }
            let values: Elems<ValueId> = acc.iter().map(|a| a.value).collect();
            let indices = acc.iter().map(|a| a.index).collect();
            g.loaded.insert(parent, values.clone());
            g.load_at.insert(
                lead,
                Group {
                    parent,
                    values,
                    indices,
                },
            );
        }
        // Stores of an aggregate written again (a loop unrolled: each copy stores the whole
        // array) are cut into one run per store of each element.
        let mut ss: Vec<(ValueId, Vec<Access>)> = split_runs(stores);
        ss.sort_by_key(|(_, a)| a[0].pos);
        for (parent, acc) in ss {
            let Some(acc) = complete(shader, f, parent, acc, false) else {
                continue;
            };
            let first = acc.iter().map(|a| a.pos).min().unwrap_or(0);
            let last = acc.iter().map(|a| a.pos).max().unwrap_or(0);
            if !window_clear(f, instrs, first, last, parent, &acc, true) {
                continue;
            }
            let tail = instrs[last];
            for a in &acc {
                absorbed.insert(a.instr);
                if a.instr != tail {
                    g.skip.insert(a.instr);
                }
            }
            let values = acc.iter().map(|a| a.value).collect();
            let indices = acc.iter().map(|a| a.index).collect();
            g.store_at.insert(
                tail,
                Group {
                    parent,
                    values,
                    indices,
                },
            );
        }
    }
    // Every pattern below starts from a group or from a vector `fadd` (a product's sum):
    // without either there is nothing to find (performance: most functions of small
    // shaders; no readers table then).
    if g.load_at.is_empty() && g.store_at.is_empty() && !any_sum {
        if vecs >= 2 {
            record_transposes(f, &mut g);
        }
        return g;
    }
    // Who reads each value (an `if` condition counts as a reader that is never absorbed).
    let users = Users::of(f);
    // Element derefs: skipped when all their readers were absorbed.
    for (b, _) in f.blocks.iter() {
        for &i in &f.blocks[b].instrs {
            let InstrKind::Intrinsic(x) = &f.instrs[i].kind else {
                continue;
            };
            if !absorbed.contains(&i) {
                continue;
            }
            let d = x.srcs[0];
            let all = users
                .get(&d)
                .is_some_and(|us| us.iter().all(|u| u.is_some_and(|u| absorbed.contains(&u))));
            if all {
                g.skip.insert(f.values[d].def);
            }
        }
    }
    // The load groups are all found: their elements by value, once for every finder below
    // (performance: they were rebuilt per finder).
    let any_elem = loaded_elements(&g, false);
    let elems = loaded_elements(&g, true);
    let mut agg_users = find_matvecs(shader, f, &users, &mut g, &elems, &any_elem);
    find_scaled(f, &users, &mut g, &mut agg_users, &elems);
    find_scaled_reads(shader, f, &users, &mut g, &mut agg_users);
    find_matmats(shader, f, &users, &mut g, &elems);
    find_product_matrices(f, &users, &mut g);
    find_inverses(shader, f, &users, &mut g);
    find_inverse_matvecs(f, &users, &mut g);
    if vecs >= 2 {
        record_transposes(f, &mut g);
    }
    // Loaded elements read only by store groups and products of their aggregate need no
    // extract of their own.
    if any_elem.is_empty() {
        return g;
    }
    let mut store_instrs = InstrSet::default();
    store_instrs.extend(g.store_at.keys().copied().chain(g.skip.iter()).filter(
        |i| matches!(&f.instrs[*i].kind, InstrKind::Intrinsic(x) if x.op == Intrinsic::StoreDeref),
    ));
    for (&v, &at) in &any_elem {
        // Only as the stored value (source 1) of a group's store, by a product, or by a
        // matrix opcode reading the whole loaded matrix.
        let as_value = users.get(&v).is_some_and(|us| {
            us.iter().all(|u| {
                u.is_some_and(|u| {
                    agg_users.contains(&(u, v))
                        || (elems.contains_key(&v) && whole_matrix_op(shader, f, &g, u, at.0))
                        || (store_instrs.contains(&u)
                            && absorbed.contains(&u)
                            && matches!(&f.instrs[u].kind, InstrKind::Intrinsic(x)
                                if x.srcs.get(1) == Some(&v) && x.srcs[0] != v))
                })
            })
        });
        if as_value {
            g.deferred.insert(v, at);
        } else if reads_one_component_each(f, &users, v) {
            g.deferred.insert(v, at);
            g.scalar_read.insert(v);
        }
    }
    g
}

/// The transposes of `f` none of `g`'s patterns took, recorded in `g`.
fn record_transposes(f: &Function, g: &mut Groups) {
    let found = find_transposes(f, &|i| {
        g.skip.contains(i)
            || g.matvec_at.contains_key(i)
            || g.load_at.contains_key(i)
            || g.store_at.contains_key(i)
    });
    for (first, others, t) in found {
        for (j, &d) in t.dests.iter().enumerate() {
            let key = t.cols.iter().map(|&c| (c, j as u8)).collect();
            g.transposed.insert(key, d);
        }
        g.skip.extend(others);
        g.transposes.push((first, t));
    }
}

/// Whether `a` is a candidate root of [`find_matvecs`]: a vector `fadd` of 32 or 64 bits,
/// not exact.
fn is_product_sum(f: &Function, a: &fresnel_ir::Alu) -> bool {
    if a.op != AluOp::Fadd || a.exact {
        return false;
    }
    let d = &f.values[a.dest];
    d.num_components >= 2 && (d.bit_size == 32 || d.bit_size == 64)
}

/// Whether every reader of vector `v` is an ALU instruction (not a `vecN`) reading one
/// component of it per source.
fn reads_one_component_each(f: &Function, users: &Users, v: ValueId) -> bool {
    if f.values[v].num_components < 2 {
        return false;
    }
    users.get(&v).is_some_and(|us| {
        !us.is_empty()
            && us.iter().all(|u| {
                let Some(InstrKind::Alu(a)) = u.map(|u| &f.instrs[u].kind) else {
                    return false;
                };
                // `vecN`s of the components are shuffles of the element: keep it whole.
                if (2..=4).any(|k| AluOp::vec(k) == Some(a.op)) {
                    return false;
                }
                let info = a.op.info();
                a.srcs.iter().enumerate().all(|(j, s)| {
                    let n = match info.src_size[j] {
                        0 => f.values[a.dest].num_components,
                        n => n,
                    };
                    s.value != v || n == 1
                })
            })
    })
}

/// The element a deref names: (parent deref, constant index, components of the element),
/// when the parent is a matrix or an array of non-boolean vectors in memory a group may
/// gather.
fn element(shader: &Shader, f: &Function, deref: ValueId) -> Option<(ValueId, u32, u8)> {
    let InstrKind::Deref(d) = &f.def(deref).kind else {
        return None;
    };
    let (parent, idx) = match d.kind {
        fresnel_ir::DerefKind::Array { parent, index } => {
            let InstrKind::LoadConst { values, .. } = &f.def(index).kind else {
                return None;
            };
            (parent, u32::try_from(*values.first()?).ok()?)
        }
        fresnel_ir::DerefKind::Struct { parent, field } => (parent, field),
        _ => return None,
    };
    let InstrKind::Deref(p) = &f.def(parent).kind else {
        return None;
    };
    if !matches!(
        p.mode,
        VarMode::ShaderIn
            | VarMode::ShaderOut
            | VarMode::Uniform
            | VarMode::Ubo
            | VarMode::Ssbo
            | VarMode::PushConstant
            | VarMode::Global
            | VarMode::Function
    ) {
        return None;
    }
    let root = f.deref_root_var(parent)?;
    // Every access to volatile memory must happen as written.
    if shader.vars[root].access & fresnel_ir::access::VOLATILE != 0 {
        return None;
    }
    // Built-in matrices may be stored transposed; built-in arrays (`gl_ClipDistance`,
    // `gl_TessLevelOuter`, ...) are plain arrays.
    if shader.vars[root].builtin && !matches!(shader.types.get(p.ty), Type::Array { .. }) {
        return None;
    }
    let comps = match shader.types.get(p.ty) {
        Type::Matrix { columns, rows, .. } if u32::from(*columns) <= MAX_ELEMS => {
            (idx < u32::from(*columns)).then_some(*rows)?
        }
        Type::Array { elem, len, .. } if *len > 0 && *len <= MAX_ELEMS && idx < *len => {
            match shader.types.get(*elem) {
                Type::Vector {
                    base, components, ..
                } if *base != BaseType::Bool => *components,
                _ => return None,
            }
        }
        // A structure's vector members (not a uniform or push-constant block as a whole:
        // loading all of it to read some members is no saving for the driver).
        Type::Struct { fields, block, .. }
            if fields.len() as u32 <= MAX_ELEMS
                && !(*block
                    && matches!(p.mode, VarMode::Ubo | VarMode::Ssbo | VarMode::PushConstant)) =>
        {
            match shader.types.get(fields.get(idx as usize)?.ty) {
                Type::Vector {
                    base, components, ..
                } if *base != BaseType::Bool => *components,
                _ => return None,
            }
        }
        _ => return None,
    };
    Some((parent, idx, comps))
}

/// Each aggregate's accesses (in program order) cut into runs in which no element is
/// accessed twice: a run ends where an element of it comes again.
fn split_runs(by_parent: FxHashMap<ValueId, Vec<Access>>) -> Vec<(ValueId, Vec<Access>)> {
    let mut out = Vec::new();
    for (parent, acc) in by_parent {
        let mut run: Vec<Access> = Vec::new();
        for a in acc {
            if run.iter().any(|r| r.index == a.index) {
                out.push((parent, std::mem::take(&mut run)));
            }
            run.push(a);
        }
        if !run.is_empty() {
            out.push((parent, run));
        }
    }
    out
}

/// The accesses sorted by index when they name every element exactly once (`partial`: at
/// least two distinct elements).
fn complete(
    shader: &Shader,
    f: &Function,
    parent: ValueId,
    mut acc: Vec<Access>,
    partial: bool,
) -> Option<Vec<Access>> {
    let InstrKind::Deref(p) = &f.def(parent).kind else {
        return None;
    };
    let n = match shader.types.get(p.ty) {
        Type::Matrix { columns, .. } => u32::from(*columns),
        Type::Array { len, .. } => *len,
        Type::Struct { fields, .. } => fields.len() as u32,
        _ => return None,
    };
    acc.sort_by_key(|a| a.index);
    if partial {
        let distinct = acc.windows(2).all(|w| w[0].index != w[1].index);
        return (acc.len() >= 2 && distinct).then_some(acc);
    }
    if acc.len() != n as usize || n < 2 {
        return None;
    }
    acc.iter()
        .enumerate()
        .all(|(k, a)| a.index == k as u32)
        .then_some(acc)
}

/// Whether nothing between positions `first` and `last` of the block (other than the
/// group's own accesses) may touch the group's variable, or (stores) be an event the
/// stores may not move past.
fn window_clear(
    f: &Function,
    instrs: &[InstrId],
    first: usize,
    last: usize,
    parent: ValueId,
    acc: &[Access],
    is_store: bool,
) -> bool {
    // Storage buffers may alias each other (one buffer bound twice) and buffer references:
    // any access to such memory counts as an access to the group's variable.
    let touches = |v: ValueId| f.may_alias(parent, v);
    // The group's own accesses by position, walked along with the window (performance: no
    // set built per group).
    let mut own: SmallVec<[usize; 8]> = acc.iter().map(|a| a.pos).collect();
    own.sort_unstable();
    let mut next_own = own.iter().copied().peekable();
    for (pos, &i) in (first..=last).zip(&instrs[first..=last]) {
        while next_own.next_if(|&p| p < pos).is_some() {}
        if next_own.next_if_eq(&pos).is_some() {
            continue;
        }
        match &f.instrs[i].kind {
            InstrKind::Alu(_)
            | InstrKind::LoadConst { .. }
            | InstrKind::Undef { .. }
            | InstrKind::Deref(_)
            | InstrKind::Tex(_) => {}
            InstrKind::Intrinsic(x) => match x.op {
                Intrinsic::LoadDeref => {
                    if is_store && touches(x.srcs[0]) {
                        return false;
                    }
                }
                Intrinsic::StoreDeref | Intrinsic::CopyDeref => {
                    if touches(x.srcs[0]) {
                        return false;
                    }
                    if x.op == Intrinsic::CopyDeref
                        && (f.deref_root_var(x.srcs[1]).is_none()
                            || (is_store && touches(x.srcs[1])))
                    {
                        return false;
                    }
                }
                _ => return false,
            },
            InstrKind::Phi { .. } | InstrKind::Call { .. } | InstrKind::Jump(_) => return false,
        }
    }
    true
}

impl super::func::FuncCx<'_, '_> {
    /// The kind of the elements of the aggregate an element deref's parent points at.
    fn elem_kind(&self, parent: ValueId) -> Result<Kind> {
        self.elem_kind_at(parent, 0)
    }

    /// The kind of element `i` of the aggregate (members of a structure differ).
    fn elem_kind_at(&self, parent: ValueId, i: u32) -> Result<Kind> {
        let InstrKind::Deref(p) = &self.f.def(parent).kind else {
            return Err(SpirvError::new("internal: a group parent is not a deref"));
        };
        let k = match self.m.shader.types.get(p.ty) {
            Type::Matrix { bits, rows, .. } => Some(Kind::new(BaseType::Float, *bits, *rows)),
            Type::Array { elem, .. } => self.m.value_kind(*elem),
            Type::Struct { fields, .. } => fields
                .get(i as usize)
                .and_then(|fl| self.m.value_kind(fl.ty)),
            _ => None,
        };
        k.ok_or_else(|| SpirvError::new("internal: a group of a non-aggregate"))
    }

    fn group_ptr(&mut self, parent: ValueId) -> Result<(u32, u32)> {
        self.chain_pointer(parent)
    }

    /// A load group, written at its first load.
    pub fn emit_load_group(&mut self, g: &Group) -> Result<()> {
        let (ptr, pointee) = self.group_ptr(g.parent)?;
        let agg = self.m.id();
        self.code.inst(op::LOAD, &[pointee, agg, ptr]);
        self.aggs.insert(g.parent, (agg, pointee));
        for (&v, &i) in g.values.iter().zip(&g.indices) {
            if self.groups.deferred.contains_key(&v) {
                continue;
            }
            let k = self.elem_kind_at(g.parent, i)?;
            let t = self.m.kind_type(k);
            let id = self.m.id();
            self.code.inst(op::COMPOSITE_EXTRACT, &[t, id, agg, i]);
            self.vals[v.0 as usize] = Val::Id(id, k);
        }
        Ok(())
    }

    /// Component `c` of deferred loaded element `v` read on its own (`g.scalar_read`): an
    /// `OpCompositeExtract` of the aggregate (once per block), of kind `k` (its scalar kind).
    pub(in crate::spirv) fn scalar_of_element(
        &mut self,
        v: ValueId,
        c: u8,
    ) -> Result<Option<(u32, Kind)>> {
        if !matches!(self.vals[v.0 as usize], Val::None) || !self.groups.scalar_read.contains(&v) {
            return Ok(None);
        }
        let Some(&(src, i)) = self.groups.deferred.get(&v) else {
            return Ok(None);
        };
        let Some(&(agg, _)) = self.aggs.get(&src) else {
            return Err(SpirvError::new("internal: an element of no load"));
        };
        let k = self.elem_kind_at(src, i)?.scalar();
        Ok(Some((self.extract_of(k, agg, &[i, u32::from(c)]), k)))
    }

    /// A deferred loaded element not written yet: extracted from its aggregate here (where
    /// a reader that cannot take the aggregate needs it after all). Nothing for others.
    pub(in crate::spirv) fn materialize(&mut self, v: ValueId) -> Result<()> {
        if !matches!(self.vals[v.0 as usize], Val::None) {
            return Ok(());
        }
        let Some(&(src, i)) = self.groups.deferred.get(&v) else {
            return Ok(());
        };
        let Some(&(agg, _)) = self.aggs.get(&src) else {
            return Err(SpirvError::new("internal: an element of no load"));
        };
        let sk = self.elem_kind_at(src, i)?;
        let t = self.m.kind_type(sk);
        let id = self.m.id();
        self.code.inst(op::COMPOSITE_EXTRACT, &[t, id, agg, i]);
        self.vals[v.0 as usize] = Val::Id(id, sk);
        Ok(())
    }

    /// A store group, written at its last store.
    /// Matrix `id` of `cols` columns (each of type `col_t`) rebuilt as type `ty`: the same
    /// columns in a variable's own matrix type (a block member's layout differs).
    fn retyped_matrix(&mut self, id: u32, col_t: u32, cols: u32, ty: u32) -> u32 {
        let mut ops = vec![ty, 0];
        for j in 0..cols {
            let c = self.m.id();
            self.code.inst(op::COMPOSITE_EXTRACT, &[col_t, c, id, j]);
            ops.push(c);
        }
        let w = self.m.id();
        ops[1] = w;
        self.code.inst(op::COMPOSITE_CONSTRUCT, &ops);
        w
    }

    /// The scalar of a matrix-times-scalar product, of kind `k`.
    fn coef_id(&mut self, k: Kind, coef: Coef) -> Result<u32> {
        Ok(match coef {
            Coef::Comp(w, c) => {
                let wk = k.with_comps(self.f.values[w].num_components);
                let wid = self.value_as(w, wk)?;
                if wk.comps == 1 {
                    wid
                } else {
                    let t = self.m.kind_type(k);
                    let id = self.m.id();
                    self.code
                        .inst(op::COMPOSITE_EXTRACT, &[t, id, wid, u32::from(c)]);
                    id
                }
            }
            Coef::Const(bits) => self.m.constant(k, &[bits]),
            Coef::One => self.m.constant(k, &[1]),
        })
    }

    /// A matrix loaded whole times one scalar, each column of the product read on its own
    /// (`g.scaled_reads`): one `OpMatrixTimesScalar`, then the columns extracted.
    pub fn emit_scaled_reads(&mut self, l: ValueId, coef: Coef, dests: &[ValueId]) -> Result<()> {
        let Some(&(agg, pointee)) = self.aggs.get(&l) else {
            return Err(SpirvError::new("internal: a scaled matrix of no load"));
        };
        let col = self.elem_kind(l)?;
        let s = self.coef_id(col.scalar(), coef)?;
        let id = self.m.id();
        self.code
            .inst(OP_MATRIX_TIMES_SCALAR, &[pointee, id, agg, s]);
        let t = self.m.kind_type(col);
        for (j, &d) in dests.iter().enumerate() {
            let c = self.m.id();
            self.code.inst(op::COMPOSITE_EXTRACT, &[t, c, id, j as u32]);
            self.vals[d.0 as usize] = Val::Id(c, col);
        }
        Ok(())
    }

    pub fn emit_store_group(&mut self, at: InstrId, g: &Group) -> Result<()> {
        let (ptr, pointee) = self.group_ptr(g.parent)?;
        if let Some((mv, b)) = self.groups.matmat.get(&at).cloned() {
            // `A * B` stored whole.
            let a = self.matvec_matrix(&mv)?;
            let Some(&(bid, _)) = self.aggs.get(&b) else {
                return Err(SpirvError::new("internal: a matrix product of no load"));
            };
            let col = Kind::new(BaseType::Float, mv.bits, mv.full);
            let col_t = self.m.kind_type(col);
            let m = g.values.len() as u32;
            let mt = self.m.ty(op::TYPE_MATRIX, &[col_t, m]);
            self.m.elem.insert(mt, col_t);
            let id = self.m.id();
            self.code.inst(OP_MATRIX_TIMES_MATRIX, &[mt, id, a, bid]);
            let whole = if mt == pointee {
                id
            } else {
                self.retyped_matrix(id, col_t, m, pointee)
            };
            self.code.inst(op::STORE, &[ptr, whole]);
            return Ok(());
        }
        if let Some(&ins) = self.groups.inverse_at.get(&at) {
            let InstrKind::Alu(a) = &self.f.instrs[ins].kind else {
                return Err(SpirvError::new("internal: an inverse not at an ALU op"));
            };
            let (inv, mat_t) = self.matrix_inverse(a)?;
            let whole = if mat_t == pointee {
                inv
            } else {
                let col_t = self.m.kind_type(self.elem_kind(g.parent)?);
                self.retyped_matrix(inv, col_t, g.values.len() as u32, pointee)
            };
            self.code.inst(op::STORE, &[ptr, whole]);
            return Ok(());
        }
        if let Some(&(src, coef)) = self.groups.scaled.get(&at) {
            let Some(&(agg, _)) = self.aggs.get(&src) else {
                return Err(SpirvError::new("internal: a scaled matrix of no load"));
            };
            let k = self.elem_kind(g.parent)?.scalar();
            let s = self.coef_id(k, coef)?;
            let id = self.m.id();
            self.code
                .inst(OP_MATRIX_TIMES_SCALAR, &[pointee, id, agg, s]);
            self.code.inst(op::STORE, &[ptr, id]);
            return Ok(());
        }
        // A copy: the values are a load group's elements in order, of the same type.
        let source = g
            .values
            .first()
            .and_then(|v| self.groups.deferred.get(v).copied());
        if let Some((src, _)) = source {
            let same = self.groups.loaded.get(&src) == Some(&g.values);
            if let (true, Some(&(agg, st))) = (same, self.aggs.get(&src)) {
                if st == pointee {
                    self.code.inst(op::STORE, &[ptr, agg]);
                    return Ok(());
                }
            }
        }
        let mut ids = Vec::with_capacity(g.values.len());
        let mut all_const = true;
        for (&v, &at) in g.values.iter().zip(&g.indices) {
            let k = self.elem_kind_at(g.parent, at)?;
            self.materialize(v)?;
            all_const &= matches!(self.vals[v.0 as usize], Val::Const(_));
            ids.push(self.value_as(v, k)?);
        }
        let whole = if all_const {
            // Every element a constant: the aggregate is one too.
            self.m.composite_const(pointee, &ids)
        } else {
            let whole = self.m.id();
            let mut ops = vec![pointee, whole];
            ops.extend(ids);
            self.code.inst(op::COMPOSITE_CONSTRUCT, &ops);
            whole
        };
        self.code.inst(op::STORE, &[ptr, whole]);
        Ok(())
    }
}

impl super::func::FuncCx<'_, '_> {
    /// A `vecN` whose components come from at most two vectors (constants count as one
    /// vector of their own) as one `OpVectorShuffle`, instead of an extract per component
    /// and a construct: `vec3(v.x, v.y, v.z)`, `vec4(p.xyz, 1.0)`. `None` (nothing
    /// written) when the sources do not fit.
    pub fn vec_shuffle(&mut self, a: &fresnel_ir::Alu, dk: Kind) -> Result<Option<()>> {
        // (value, component) per result component; constants gathered apart. (Performance:
        // on the stack, as a `vecN` has at most 4 sources.)
        let mut vecs: SmallVec<[ValueId; 4]> = SmallVec::new();
        let mut consts: SmallVec<[u64; 4]> = SmallVec::new();
        let mut picks: SmallVec<[(Option<usize>, u32); 4]> = SmallVec::new();
        for s in &a.srcs {
            let v = s.value;
            let c = u32::from(s.swizzle[0]);
            match &self.vals[v.0 as usize] {
                &Val::Const(b) => {
                    picks.push((None, consts.len() as u32));
                    consts.push(
                        self.consts[b as usize]
                            .get(c as usize)
                            .copied()
                            .unwrap_or(0),
                    );
                }
                Val::Id(..) if self.f.values[v].num_components >= 2 => {
                    let k = match vecs.iter().position(|&x| x == v) {
                        Some(k) => k,
                        None => {
                            vecs.push(v);
                            vecs.len() - 1
                        }
                    };
                    picks.push((Some(k), c));
                }
                _ => return Ok(None),
            }
        }
        let slots = vecs.len() + usize::from(!consts.is_empty());
        if vecs.is_empty() || slots > 2 {
            return Ok(None);
        }
        let mut ops: SmallVec<[u32; 2]> = SmallVec::new();
        let mut widths: SmallVec<[u32; 2]> = SmallVec::new();
        for &v in &vecs {
            let vk = Kind::new(
                dk.base,
                self.f.values[v].bit_size,
                self.f.values[v].num_components,
            );
            if vk.bits != dk.bits {
                return Ok(None);
            }
            ops.push(self.value_as(v, vk)?);
            widths.push(u32::from(vk.comps));
        }
        if !consts.is_empty() {
            // A constant vector of at least two components (a shuffle takes vectors).
            while consts.len() < 2 {
                consts.push(0);
            }
            let ck = dk.with_comps(consts.len() as u8);
            ops.push(self.m.constant(ck, &consts));
            widths.push(consts.len() as u32);
        }
        if ops.len() == 1 {
            ops.push(ops[0]);
            widths.push(widths[0]);
        }
        let t = self.m.kind_type(dk);
        let id = self.m.id();
        let mut args: SmallVec<[u32; 8]> = smallvec::smallvec![t, id, ops[0], ops[1]];
        for (slot, c) in picks {
            let base = match slot {
                Some(k) => widths[..k].iter().sum::<u32>(),
                None => widths[..vecs.len()].iter().sum::<u32>(),
            };
            args.push(base + c);
        }
        self.code.inst(op::VECTOR_SHUFFLE, &args);
        self.vals[a.dest.0 as usize] = Val::Id(id, dk);
        Ok(Some(()))
    }
}

/// `OpVectorTimesScalar`, `OpMatrixTimesScalar`, `OpMatrixTimesVector` (not in the `op`
/// table).
const OP_VECTOR_TIMES_SCALAR: u16 = 142;
const OP_MATRIX_TIMES_SCALAR: u16 = 143;
const OP_MATRIX_TIMES_VECTOR: u16 = 145;
const OP_MATRIX_TIMES_MATRIX: u16 = 146;

/// The coefficient of one column in a matrix-vector product.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Coef {
    /// Component `k` of a value.
    Comp(ValueId, u8),
    /// A constant (bit pattern).
    Const(u64),
    /// 1.0 (the column stands alone: `c * 1.0` was simplified to `c`).
    One,
}

/// The columns of a matrix (at most 4), inline (performance: the products and their
/// matrices are found, cloned and looked up without allocating).
pub type Cols = SmallVec<[ValueId; 4]>;

/// The matrix of a matrix-vector product.
#[derive(Clone, Debug, PartialEq)]
pub enum MatSrc {
    /// The aggregate a complete load group of a matrix loaded (by its parent deref).
    Agg(ValueId),
    /// Column values, made into a matrix.
    Cols(Cols),
}

/// `c0 * v.x + c1 * v.y + ...` (the IR's matrix-times-vector) to write as one
/// `OpMatrixTimesVector`.
#[derive(Clone, Debug)]
pub struct MatVec {
    pub mat: MatSrc,
    /// Per column, in order.
    pub coefs: SmallVec<[Coef; 4]>,
    /// Float bits and rows of the result.
    pub bits: u8,
    pub rows: u8,
    /// Components of the columns (the product's rows, of which the result takes `rows`).
    pub full: u8,
    /// The instructions the product absorbs (its sums and products, not the root).
    pub absorbed: SmallVec<[InstrId; 8]>,
}

/// Finds the matrix-vector products of `f` whose intermediate results nothing else reads;
/// records them in `g` (written at the last `fadd`, the others skipped). `users`: the
/// readers of each value; returns the (reader, column) pairs through which products of an
/// aggregate read its columns.
fn find_matvecs(
    shader: &Shader,
    f: &Function,
    users: &Users,
    g: &mut Groups,
    elems: &ElemMap,
    any_elem: &ElemMap,
) -> FxHashSet<(InstrId, ValueId)> {
    let mut agg_users = FxHashSet::default();
    let single_use = |v: ValueId| users.get(&v).is_some_and(|u| u.len() == 1);
    let alu_of = |v: ValueId| match &f.def(v).kind {
        InstrKind::Alu(a) if !a.exact => Some(a),
        _ => None,
    };
    // The first `n` components of a value at least that wide, in order.
    let prefix = |s: &fresnel_ir::AluSrc, n: u8| {
        f.values[s.value].num_components >= n
            && s.swizzle[..n as usize]
                .iter()
                .enumerate()
                .all(|(i, &c)| c as usize == i)
    };
    // Instructions the products absorb, and the products among them read more than once.
    let mut all_absorbed = InstrSet::default();
    let mut shared: Vec<InstrId> = Vec::new();
    // The column lists of the products made of columns, by block: a second pass takes
    // products with constant coefficients only (`m[0] + m[2] * 0.0`) when their matrix is
    // free (loaded) or made for another product of the block anyway.
    let mut made: Vec<(BlockId, Cols)> = Vec::new();
    for pass in 0..2 {
        // Nothing taken in the first pass, no loaded matrix: the second takes nothing either
        // (its products of constant coefficients need one of them).
        if pass == 1 && made.is_empty() && elems.is_empty() {
            break;
        }
        for (b, _) in f.blocks.iter() {
            let instrs = &f.blocks[b].instrs;
            for &root in instrs.iter().rev() {
                // The cheap test first (performance: most instructions are not sums).
                let InstrKind::Alu(a) = &f.instrs[root].kind else {
                    continue;
                };
                if a.op != AluOp::Fadd || a.exact {
                    continue;
                }
                if g.skip.contains(&root) || g.matvec_at.contains_key(&root) {
                    continue;
                }
                let rows = f.values[a.dest].num_components;
                let bits = f.values[a.dest].bit_size;
                if rows < 2 || !(bits == 32 || bits == 64) {
                    continue;
                }
                // Flatten the sum.
                // (Performance: inline lists, a sum has at most 4 terms.)
                let mut stack: SmallVec<[&fresnel_ir::Alu; 4]> = SmallVec::new();
                stack.push(a);
                let mut inner: SmallVec<[InstrId; 4]> = SmallVec::new();
                inner.push(root);
                let mut terms: SmallVec<[ValueId; 4]> = SmallVec::new();
                let mut ok = true;
                // Down one spine of the sum (the lowering writes `((t0 + t1) + t2) + t3`); the
                // other operand of each `fadd` is a term, so that a product feeding a sum stays
                // a product of its own.
                while let Some(x) = stack.pop() {
                    if !x.srcs.iter().all(|s| prefix(s, rows)) {
                        ok = false;
                        break;
                    }
                    let spine = |s: &fresnel_ir::AluSrc| {
                        alu_of(s.value).filter(|y| {
                            y.op == AluOp::Fadd && single_use(s.value) && f.def(s.value).block == b
                        })
                    };
                    let (next, term) = match (spine(&x.srcs[0]), spine(&x.srcs[1])) {
                        (Some(y), _) => (Some((y, x.srcs[0].value)), x.srcs[1].value),
                        (None, Some(y)) => (Some((y, x.srcs[1].value)), x.srcs[0].value),
                        (None, None) => {
                            terms.push(x.srcs[0].value);
                            (None, x.srcs[1].value)
                        }
                    };
                    terms.push(term);
                    if let Some((y, v)) = next {
                        if terms.len() >= 4 {
                            ok = false;
                            break;
                        }
                        inner.push(f.values[v].def);
                        stack.push(y);
                    }
                }
                if !ok || terms.len() < 2 || terms.len() > 4 {
                    continue;
                }
                // Each term: a column times a broadcast coefficient, or a column alone.
                let mut cols: SmallVec<[(ValueId, Coef); 4]> = SmallVec::new();
                let mut term_instrs: SmallVec<[InstrId; 4]> = SmallVec::new();
                for &t in &terms {
                    // A product read by several sums (CSE shares `m[1] * 0.0` between the
                    // columns of a matrix product) is absorbed by each; it stays written when
                    // something other than such sums reads it (checked at the end).
                    let product = alu_of(t).filter(|y| {
                        y.op == AluOp::Fmul
                            && f.def(t).block == b
                            && f.values[t].num_components == rows
                    });
                    let found = product.and_then(|y| {
                        let (p, q) = (&y.srcs[0], &y.srcs[1]);
                        let coef = |s: &fresnel_ir::AluSrc| -> Option<Coef> {
                            let k = s.swizzle[0];
                            if s.swizzle[..rows as usize].iter().any(|&c| c != k) {
                                return None;
                            }
                            match &f.def(s.value).kind {
                                InstrKind::LoadConst { values, .. } => {
                                    values.get(k as usize).map(|&v| Coef::Const(v))
                                }
                                _ => Some(Coef::Comp(s.value, k)),
                            }
                        };
                        if prefix(p, rows) {
                            coef(q).map(|c| (p.value, c))
                        } else if prefix(q, rows) {
                            coef(p).map(|c| (q.value, c))
                        } else {
                            None
                        }
                    });
                    match found {
                        Some(x) => {
                            cols.push(x);
                            term_instrs.push(f.values[t].def);
                        }
                        None => cols.push((t, Coef::One)),
                    }
                }
                // Columns of one width (the matrix's rows; the result is its first `rows`).
                let full = f.values[cols[0].0].num_components;
                if full > 4
                    || cols
                        .iter()
                        .any(|(c, _)| f.values[*c].num_components != full)
                {
                    continue;
                }
                // At least one real coefficient (a sum of bare vectors is no product), or in
                // the second pass a constant one.
                let has_comp = cols.iter().any(|(_, c)| matches!(c, Coef::Comp(..)));
                let has_const = cols.iter().any(|(_, c)| matches!(c, Coef::Const(..)));
                if !has_comp && (pass == 0 || !has_const) {
                    continue;
                }
                // The second pass: the columns in the order of a matrix made already.
                let mut reuse = false;
                if pass == 1 {
                    let mine: SmallVec<[ValueId; 4]> = cols.iter().map(|(c, _)| *c).collect();
                    let same = made.iter().find(|(mb, m)| {
                        *mb == b && m.len() == mine.len() && m.iter().all(|c| mine.contains(c))
                    });
                    if let Some((_, m)) = same {
                        let order: SmallVec<[(ValueId, Coef); 4]> = m
                            .iter()
                            .filter_map(|c| cols.iter().find(|(x, _)| x == c).copied())
                            .collect();
                        if order.len() == cols.len() {
                            cols = order;
                            reuse = true;
                        }
                    }
                }
                // The matrix: a loaded one in column order, or the columns as found.
                let loaded: Option<SmallVec<[(ValueId, u32); 4]>> =
                    cols.iter().map(|(c, _)| elems.get(c).copied()).collect();
                let mat = match loaded {
                    Some(l)
                        if l.iter().all(|(p, _)| *p == l[0].0)
                            && g.loaded.get(&l[0].0).is_some_and(|v| v.len() == cols.len())
                            && is_matrix_deref(shader, f, l[0].0, cols.len()) =>
                    {
                        let mut order: SmallVec<[usize; 4]> = (0..cols.len()).collect();
                        order.sort_by_key(|&k| l[k].1);
                        cols = order.iter().map(|&k| cols[k]).collect();
                        MatSrc::Agg(l[0].0)
                    }
                    _ if reuse => MatSrc::Cols(cols.iter().map(|(c, _)| *c).collect()),
                    _ if !has_comp => continue,
                    _ => {
                        // Columns of one loaded matrix in its order (the vector then often
                        // needs no shuffle).
                        let idx: Option<SmallVec<[(ValueId, u32); 4]>> =
                            cols.iter().map(|(c, _)| any_elem.get(c).copied()).collect();
                        if let Some(idx) = idx.filter(|l| l.iter().all(|(p, _)| *p == l[0].0)) {
                            let mut order: SmallVec<[usize; 4]> = (0..cols.len()).collect();
                            order.sort_by_key(|&k| idx[k].1);
                            cols = order.iter().map(|&k| cols[k]).collect();
                        } else {
                            // The columns of an inverse in its order; other columns of no
                            // one matrix in the order of the vector's components (then the
                            // vector itself often needs no shuffle), constants last.
                            let inv_col = |v: ValueId| match &f.def(v).kind {
                                InstrKind::Alu(a) => a.op.matrix_op().and_then(|(_, j)| j),
                                _ => None,
                            };
                            let mut by_inv = cols.clone();
                            by_inv.sort_by_key(|(c, _)| inv_col(*c));
                            let cs: Cols = by_inv.iter().map(|(c, _)| *c).collect();
                            if inverse_columns(f, &cs).is_some() {
                                cols = by_inv;
                            } else {
                                cols.sort_by_key(|(_, c)| match c {
                                    Coef::Comp(_, k) => *k,
                                    _ => u8::MAX,
                                });
                            }
                        }
                        // Columns made into a matrix cost a construct, often a vector built
                        // and the product: worth it over the multiply-adds only from three
                        // real coefficients on.
                        let real = cols.iter().filter(|(_, c)| !matches!(c, Coef::One)).count();
                        // Constant (or undefined) columns make a matrix at no cost in the
                        // function: then any product with a real coefficient is worth it.
                        let all_const = cols
                            .iter()
                            .all(|(c, _)| matches!(f.def(*c).kind, InstrKind::LoadConst { .. }));
                        let all_undef = cols
                            .iter()
                            .all(|(c, _)| matches!(f.def(*c).kind, InstrKind::Undef { .. }));
                        // So does the inverse of a matrix (computed whole for its columns).
                        let inverse = {
                            let cs: Cols = cols.iter().map(|(c, _)| *c).collect();
                            usize::from(full) == cs.len() && inverse_columns(f, &cs).is_some()
                        };
                        let at_no_cost = all_const || all_undef || inverse;
                        if real < 3 && !(at_no_cost && real >= 1) {
                            continue;
                        }
                        MatSrc::Cols(cols.iter().map(|(c, _)| *c).collect())
                    }
                };
                // Coefficients from several values make the vector with a construct (one
                // instruction where the products' multiply-adds were `2n - 1`).
                // At most 8 (performance: a short list, no set).
                let mut absorbed: SmallVec<[InstrId; 8]> = SmallVec::new();
                for &i in inner.iter().chain(&term_instrs) {
                    if !absorbed.contains(&i) {
                        absorbed.push(i);
                    }
                }
                all_absorbed.extend(absorbed.iter().copied());
                // (Performance: each term's product read in place, no result list made.)
                for &i in &term_instrs {
                    if let InstrKind::Alu(p) = &f.instrs[i].kind {
                        if !single_use(p.dest) {
                            shared.push(i);
                        }
                    }
                }
                for &i in &absorbed {
                    if i != root {
                        g.skip.insert(i);
                    }
                }
                if matches!(mat, MatSrc::Agg(_)) {
                    // The columns are read through the aggregate: their readers in the product.
                    for (c, _) in &cols {
                        for u in users.get(c).into_iter().flatten().flatten() {
                            if absorbed.contains(u) {
                                agg_users.insert((*u, *c));
                            }
                        }
                    }
                }
                if let MatSrc::Cols(cs) = &mat {
                    made.push((b, cs.clone()));
                }
                g.matvec_at.insert(
                    root,
                    MatVec {
                        mat,
                        coefs: cols.iter().map(|(_, c)| *c).collect(),
                        bits,
                        rows,
                        full,
                        absorbed: absorbed.iter().copied().filter(|&i| i != root).collect(),
                    },
                );
            }
        }
    }
    // A shared product read by anything but the sums of products stays written (with its
    // own reads of the columns).
    shared.sort();
    shared.dedup();
    for t in shared {
        let d = f.instrs[t].kind.dests()[0];
        let only = users.get(&d).is_some_and(|us| {
            us.iter().all(|u| {
                u.is_some_and(|u| all_absorbed.contains(&u) || g.matvec_at.contains_key(&u))
            })
        });
        if !only {
            g.skip.remove(&t);
            agg_users.retain(|(u, _)| *u != t);
        }
    }
    agg_users
}

/// Store groups of `m * s` (the lowering's column-by-column product of a loaded matrix and
/// a scalar) into a matrix of the same type: recorded in `g.scaled`, the products skipped,
/// and their reads of the columns added to `agg_users`.
fn find_scaled(
    f: &Function,
    users: &Users,
    g: &mut Groups,
    agg_users: &mut FxHashSet<(InstrId, ValueId)>,
    elems: &ElemMap,
) {
    let ty_of = |d: ValueId| match &f.def(d).kind {
        InstrKind::Deref(x) => Some(x.ty),
        _ => None,
    };
    let mut found = Vec::new();
    for (&tail, gr) in &g.store_at {
        let mut src: Option<(ValueId, Coef)> = None;
        let mut ok = true;
        let mut products = Vec::new();
        for (k, &v) in gr.values.iter().enumerate() {
            let InstrKind::Alu(a) = &f.def(v).kind else {
                ok = false;
                break;
            };
            let n = f.values[v].num_components;
            if a.op != AluOp::Fmul || a.exact || users.get(&v).map_or(0, |u| u.len()) != 1 {
                ok = false;
                break;
            }
            let col = |s: &fresnel_ir::AluSrc| {
                elems.get(&s.value).copied().filter(|&(_, i)| {
                    i == k as u32
                        && f.values[s.value].num_components == n
                        && s.swizzle[..n as usize]
                            .iter()
                            .enumerate()
                            .all(|(j, &c)| c as usize == j)
                })
            };
            let coef = |s: &fresnel_ir::AluSrc| {
                let c = s.swizzle[0];
                if s.swizzle[..n as usize].iter().any(|&x| x != c) {
                    return None;
                }
                Some(match &f.def(s.value).kind {
                    InstrKind::LoadConst { values, .. } => Coef::Const(*values.get(c as usize)?),
                    _ => Coef::Comp(s.value, c),
                })
            };
            let (p, q) = (&a.srcs[0], &a.srcs[1]);
            let m = match (col(p), col(q)) {
                (Some((l, _)), _) => coef(q).map(|c| (l, c, p.value)),
                (None, Some((l, _))) => coef(p).map(|c| (l, c, q.value)),
                _ => None,
            };
            let Some((l, c, cv)) = m else {
                ok = false;
                break;
            };
            match src {
                None => src = Some((l, c)),
                Some((l0, c0)) if l0 == l && c0 == c => {}
                _ => {
                    ok = false;
                    break;
                }
            }
            products.push((f.values[v].def, cv));
        }
        let Some((l, c)) = src.filter(|_| ok) else {
            continue;
        };
        // A matrix of the same type (the same SPIR-V type: layouts are on block members).
        let complete = g.loaded.get(&l).is_some_and(|v| v.len() == gr.values.len());
        if !complete || ty_of(l) != ty_of(gr.parent) {
            continue;
        }
        found.push((tail, l, c, products));
    }
    for (tail, l, c, products) in found {
        for (i, cv) in products {
            g.skip.insert(i);
            agg_users.insert((i, cv));
        }
        g.scaled.insert(tail, (l, c));
    }
}

/// Complete load groups of a matrix whose columns are each read only by `col * s` (one
/// scalar `s` for all, the products in one block, not exact, not decorated): recorded in
/// `g.scaled_reads` at the first product, the other products skipped, and the products'
/// reads of the columns added to `agg_users` (no column is extracted).
fn find_scaled_reads(
    shader: &Shader,
    f: &Function,
    users: &Users,
    g: &mut Groups,
    agg_users: &mut FxHashSet<(InstrId, ValueId)>,
) {
    let mut found = Vec::new();
    let mut parents: Vec<&ValueId> = g.loaded.keys().collect();
    parents.sort_unstable();
    for &l in parents {
        let cols = &g.loaded[&l];
        let InstrKind::Deref(d) = &f.def(l).kind else {
            continue;
        };
        if !matches!(shader.types.get(d.ty), Type::Matrix { .. }) || cols.len() < 2 {
            continue;
        }
        let mut coef: Option<Coef> = None;
        let mut products: Vec<(InstrId, ValueId)> = Vec::new();
        let mut block = None;
        let ok = cols.iter().all(|&c| {
            let Some(us) = users.get(&c) else {
                return false;
            };
            let [Some(u)] = us[..] else {
                return false;
            };
            if g.skip.contains(&u) || g.matvec_at.contains_key(&u) || g.store_at.contains_key(&u) {
                return false;
            }
            let InstrKind::Alu(a) = &f.instrs[u].kind else {
                return false;
            };
            let n = f.values[c].num_components;
            if a.op != AluOp::Fmul
                || a.exact
                || f.values[a.dest].num_components != n
                || !f.flags(a.dest).is_empty()
            {
                return false;
            }
            let whole = |s: &fresnel_ir::AluSrc| {
                s.value == c
                    && s.swizzle[..n as usize]
                        .iter()
                        .enumerate()
                        .all(|(j, &x)| x as usize == j)
            };
            let scalar = |s: &fresnel_ir::AluSrc| {
                let k = s.swizzle[0];
                if s.value == c || s.swizzle[..n as usize].iter().any(|&x| x != k) {
                    return None;
                }
                Some(match &f.def(s.value).kind {
                    InstrKind::LoadConst { values, .. } => Coef::Const(*values.get(k as usize)?),
                    _ => Coef::Comp(s.value, k),
                })
            };
            let (p, q) = (&a.srcs[0], &a.srcs[1]);
            let this = if whole(p) {
                scalar(q)
            } else if whole(q) {
                scalar(p)
            } else {
                None
            };
            let Some(this) = this else {
                return false;
            };
            if coef.is_some_and(|c0| c0 != this) {
                return false;
            }
            coef = Some(this);
            let b = f.instrs[u].block;
            if block.is_some_and(|b0| b0 != b) {
                return false;
            }
            block = Some(b);
            products.push((u, a.dest));
            true
        });
        let (true, Some(coef), Some(b)) = (ok, coef, block) else {
            continue;
        };
        // The first product in the block's order is where the whole product is written.
        let order = &f.blocks[b].instrs;
        let Some(first) = order
            .iter()
            .copied()
            .find(|i| products.iter().any(|(u, _)| u == i))
        else {
            continue;
        };
        found.push((first, l, coef, cols.clone(), products));
    }
    for (first, l, coef, cols, products) in found {
        for (&(u, _), &c) in products.iter().zip(&cols) {
            if u != first {
                g.skip.insert(u);
            }
            agg_users.insert((u, c));
        }
        let dests = products.iter().map(|&(_, d)| d).collect();
        g.scaled_reads.insert(first, (l, coef, dests));
    }
}

/// Loaded element values: value -> (the load group's parent deref, element index).
type ElemMap = FxHashMap<ValueId, (ValueId, u32)>;

/// The values load groups read: value -> (the group's parent deref, element index); with
/// `complete`, only groups that read every element `0..n` in order.
fn loaded_elements(g: &Groups, complete: bool) -> ElemMap {
    let n = g.load_at.values().map(|gr| gr.values.len()).sum();
    let mut out = FxHashMap::with_capacity_and_hasher(n, Default::default());
    for gr in g.load_at.values() {
        if complete && !gr.indices.iter().enumerate().all(|(k, &i)| i == k as u32) {
            continue;
        }
        for (&v, &i) in gr.values.iter().zip(&gr.indices) {
            out.insert(v, (gr.parent, i));
        }
    }
    out
}

/// Store groups of `A * B` stored whole: every value a matrix-vector product of the same
/// matrix `A` with column `j` of a matrix `B` loaded whole (all its columns, in order),
/// each product read only by the group. Recorded in `g.matmat`; the products are skipped.
fn find_matmats(shader: &Shader, f: &Function, users: &Users, g: &mut Groups, elems: &ElemMap) {
    let mut found = Vec::new();
    let mut tails: Vec<InstrId> = g.store_at.keys().copied().collect();
    tails.sort();
    for tail in tails {
        if g.scaled.contains_key(&tail) {
            continue;
        }
        let gr = &g.store_at[&tail];
        let mut first: Option<&MatVec> = None;
        let mut b = None;
        let mut roots = Vec::new();
        let ok = gr.values.iter().enumerate().all(|(j, &v)| {
            let root = f.values[v].def;
            let Some(mv) = g.matvec_at.get(&root) else {
                return false;
            };
            let Some(Coef::Comp(w, _)) = mv.coefs.first().copied() else {
                return false;
            };
            let whole = usize::from(f.values[w].num_components) == mv.coefs.len()
                && mv.rows == mv.full
                && mv
                    .coefs
                    .iter()
                    .enumerate()
                    .all(|(i, c)| *c == Coef::Comp(w, i as u8));
            let same = first.is_none_or(|m0| m0.mat == mv.mat && m0.bits == mv.bits);
            let column = match elems.get(&w) {
                Some(&(p, i)) => {
                    i as usize == j && b.is_none_or(|bp| bp == p) && {
                        b = Some(p);
                        true
                    }
                }
                None => false,
            };
            let once = users.get(&v).is_some_and(|u| u.len() == 1);
            first = first.or(Some(mv));
            roots.push(root);
            whole && same && column && once
        });
        let (Some(mv), Some(bp)) = (first, b) else {
            continue;
        };
        if ok && is_matrix_deref(shader, f, bp, gr.values.len()) {
            found.push((tail, mv.clone(), bp, roots));
        }
    }
    for (tail, mv, bp, roots) in found {
        g.matmat.insert(tail, (mv, bp));
        for r in roots {
            g.matvec_at.remove(&r);
            g.skip.insert(r);
        }
    }
}

/// Whether instruction `u` is a matrix opcode (`fdetN`, `finverseN_colJ`) whose column
/// sources are, in order, all the columns of the square matrix the complete load group of
/// `parent` read (its writer then takes the loaded matrix itself).
fn whole_matrix_op(shader: &Shader, f: &Function, g: &Groups, u: InstrId, parent: ValueId) -> bool {
    let InstrKind::Alu(a) = &f.instrs[u].kind else {
        return false;
    };
    let Some((n, _)) = a.op.matrix_op() else {
        return false;
    };
    let Some(values) = g.loaded.get(&parent) else {
        return false;
    };
    let square = matches!(&f.def(parent).kind, InstrKind::Deref(x)
        if matches!(shader.types.get(x.ty), Type::Matrix { columns, rows, bits, .. }
            if *columns == n && *rows == n && *bits == f.values[a.dest].bit_size));
    square
        && values.len() == usize::from(n)
        && a.srcs.len() >= usize::from(n)
        && a.srcs
            .iter()
            .zip(values)
            .all(|(s, v)| s.value == *v && (0..n).all(|c| s.swizzle[usize::from(c)] == c))
}

/// Store groups of a whole inverse: the values are `finverseN_col0..n-1` of the same
/// columns, in order, each read only by the group, into an n x n matrix of their bit size.
/// Recorded in `g.inverse_at`; the column instructions are skipped.
fn find_inverses(shader: &Shader, f: &Function, users: &Users, g: &mut Groups) {
    let mut tails: Vec<InstrId> = g.store_at.keys().copied().collect();
    tails.sort();
    let mut found = Vec::new();
    for tail in tails {
        if g.scaled.contains_key(&tail) || g.matmat.contains_key(&tail) {
            continue;
        }
        let gr = &g.store_at[&tail];
        let Some(&v0) = gr.values.first() else {
            continue;
        };
        let InstrKind::Alu(a0) = &f.def(v0).kind else {
            continue;
        };
        let Some((n, Some(0))) = a0.op.matrix_op() else {
            continue;
        };
        let bits = f.values[v0].bit_size;
        let square = matches!(&f.def(gr.parent).kind, InstrKind::Deref(x)
            if matches!(shader.types.get(x.ty), Type::Matrix { columns, rows, bits: b, .. }
                if *columns == n && *rows == n && *b == bits));
        if !square || gr.values.len() != usize::from(n) {
            continue;
        }
        let ok = gr.values.iter().enumerate().all(|(j, &v)| {
            let once = users.get(&v).is_some_and(|u| u.len() == 1);
            once && matches!(&f.def(v).kind, InstrKind::Alu(a)
            if a.op.matrix_op() == Some((n, Some(j as u8)))
                && !a.exact
                && a.srcs.len() == a0.srcs.len()
                && a.srcs.iter().zip(&a0.srcs).all(|(x, y)| {
                    x.value == y.value
                        && x.swizzle[..usize::from(n)] == y.swizzle[..usize::from(n)]
                }))
        });
        if ok {
            found.push((tail, gr.values.clone()));
        }
    }
    for (tail, values) in found {
        g.inverse_at.insert(tail, f.values[values[0]].def);
        for v in values {
            g.skip.insert(f.values[v].def);
        }
    }
}

/// A `vecN` of a transpose: (row, instruction, result).
type Row = (u8, InstrId, ValueId);

/// The transposes of `f` (see [`Transpose`]): in one block, a `vecN` for each row of the
/// same columns (distinct values of 2 to 4 components of one float bit size), none of them
/// `taken` by another pattern. Each: the first `vecN` in the block (where it is written),
/// the others, and the transpose.
pub fn find_transposes(
    f: &Function,
    taken: &dyn Fn(&InstrId) -> bool,
) -> Vec<(InstrId, Vec<InstrId>, Transpose)> {
    let mut out = Vec::new();
    for (b, _) in f.blocks.iter() {
        // Per column list: (row, instruction, result) of each `vecN`.
        // (Performance: the columns inline; most `vecN`s are not transposes.)
        let mut sets: Vec<(SmallVec<[ValueId; 4]>, Vec<Row>)> = Vec::new();
        for &i in &f.blocks[b].instrs {
            let InstrKind::Alu(a) = &f.instrs[i].kind else {
                continue;
            };
            // (Performance: the opcode before the `taken` lookups.)
            if !matches!(a.op, AluOp::Vec2 | AluOp::Vec3 | AluOp::Vec4)
                || a.exact
                || !f.flags(a.dest).is_empty()
                || taken(&i)
            {
                continue;
            }
            let bits = f.values[a.dest].bit_size;
            if !(bits == 32 || bits == 64) {
                continue;
            }
            let j = a.srcs[0].swizzle[0];
            let cols: SmallVec<[ValueId; 4]> = a.srcs.iter().map(|s| s.value).collect();
            let rows = f.values[cols[0]].num_components;
            let ok = rows >= 2
                && a.srcs.iter().all(|s| {
                    s.swizzle[0] == j
                        && f.values[s.value].num_components == rows
                        && f.values[s.value].bit_size == bits
                })
                && cols.iter().enumerate().all(|(k, c)| !cols[..k].contains(c));
            if !ok {
                continue;
            }
            match sets.iter_mut().find(|(c, _)| *c == cols) {
                Some((_, rs)) => rs.push((j, i, a.dest)),
                None => sets.push((cols, vec![(j, i, a.dest)])),
            }
        }
        for (cols, mut rs) in sets {
            let rows = f.values[cols[0]].num_components;
            rs.sort_by_key(|r| r.0);
            let complete = rs.len() == usize::from(rows)
                && rs.iter().enumerate().all(|(k, r)| usize::from(r.0) == k);
            if !complete {
                continue;
            }
            let pos = |i: InstrId| f.blocks[b].instrs.iter().position(|x| *x == i);
            let Some(first) = rs.iter().map(|r| r.1).min_by_key(|&i| pos(i)) else {
                continue;
            };
            let others = rs.iter().map(|r| r.1).filter(|&i| i != first).collect();
            out.push((
                first,
                others,
                Transpose {
                    cols: cols.to_vec(),
                    dests: rs.iter().map(|r| r.2).collect(),
                    bits: f.values[rs[0].2].bit_size,
                },
            ));
        }
    }
    out
}

/// `OpTranspose`.
const OP_TRANSPOSE: u16 = 84;

impl super::func::FuncCx<'_, '_> {
    /// A transpose found by [`find_transposes`], at its first `vecN`.
    pub fn emit_transpose(&mut self, t: &Transpose) -> Result<()> {
        let n = t.cols.len() as u8;
        let rows = self.f.values[t.cols[0]].num_components;
        let ck = Kind::new(BaseType::Float, t.bits, rows);
        let col_t = self.m.kind_type(ck);
        let mat_t = self.m.ty(op::TYPE_MATRIX, &[col_t, u32::from(n)]);
        self.m.elem.insert(mat_t, col_t);
        let tk = Kind::new(BaseType::Float, t.bits, n);
        let tcol_t = self.m.kind_type(tk);
        let tmat_t = self.m.ty(op::TYPE_MATRIX, &[tcol_t, u32::from(rows)]);
        self.m.elem.insert(tmat_t, tcol_t);
        let mut ops = vec![mat_t, 0];
        for &c in &t.cols {
            ops.push(self.value_as(c, ck)?);
        }
        let m = self.m.id();
        ops[1] = m;
        self.code.inst(op::COMPOSITE_CONSTRUCT, &ops);
        let tr = self.m.id();
        self.code.inst(OP_TRANSPOSE, &[tmat_t, tr, m]);
        let mut parts = Vec::new();
        for (j, &d) in t.dests.iter().enumerate() {
            let id = self.m.id();
            self.code
                .inst(op::COMPOSITE_EXTRACT, &[tcol_t, id, tr, j as u32]);
            self.vals[d.0 as usize] = Val::Id(id, tk);
            parts.push(id);
        }
        // The columns made a matrix again: the transpose itself.
        self.remember_construct(tmat_t, &parts, tr);
        Ok(())
    }
}

/// The `finverseN_col0` whose columns `cols` are, in order (all `n`, of the same sources).
pub fn inverse_columns(f: &Function, cols: &[ValueId]) -> Option<InstrId> {
    let a0 = match &f.def(*cols.first()?).kind {
        InstrKind::Alu(a) => a,
        _ => return None,
    };
    let n = u8::try_from(cols.len()).ok()?;
    let ok = cols.iter().enumerate().all(|(j, &c)| {
        matches!(&f.def(c).kind, InstrKind::Alu(a)
        if a.op.matrix_op() == Some((n, Some(j as u8)))
            && f.values[c].num_components == n
            && a.srcs.len() == a0.srcs.len()
            && a.srcs.iter().zip(&a0.srcs).all(|(x, y)| {
                x.value == y.value && x.swizzle[..usize::from(n)] == y.swizzle[..usize::from(n)]
            }))
    });
    ok.then(|| f.values[cols[0]].def)
}

/// Products whose matrix is a whole inverse (`inverse(m) * v`) read it as the inverse: when
/// nothing else reads its columns, they are not written (no extracts).
fn find_inverse_matvecs(f: &Function, users: &Users, g: &mut Groups) {
    let mut roots: Vec<InstrId> = g.matvec_at.keys().copied().collect();
    roots.sort();
    // The products taking a whole inverse, and the instructions they absorb.
    let mut taking: FxHashSet<InstrId> = FxHashSet::default();
    let mut cols_of: Vec<Cols> = Vec::new();
    for r in &roots {
        let mv = &g.matvec_at[r];
        if let MatSrc::Cols(cs) = &mv.mat {
            if inverse_columns(f, cs).is_some() && usize::from(mv.full) == cs.len() {
                taking.insert(*r);
                taking.extend(mv.absorbed.iter().copied());
                cols_of.push(cs.clone());
            }
        }
    }
    for cs in cols_of {
        let only = cs.iter().all(|c| {
            users
                .get(c)
                .is_some_and(|us| us.iter().all(|u| u.is_some_and(|u| taking.contains(&u))))
        });
        if only {
            for c in cs {
                g.skip.insert(f.values[c].def);
            }
        }
    }
}

/// The matrices made of columns that are a matrix product (see
/// [`Groups::product_matrices`]).
fn find_product_matrices(f: &Function, users: &Users, g: &mut Groups) {
    // The products reading each column list, in a fixed order.
    let mut roots: Vec<InstrId> = g.matvec_at.keys().copied().collect();
    roots.sort();
    let mut lists: Vec<(Cols, SmallVec<[InstrId; 4]>)> = Vec::new();
    for r in roots {
        if let MatSrc::Cols(cs) = &g.matvec_at[&r].mat {
            match lists.iter_mut().find(|(l, _)| l == cs) {
                Some((_, rs)) => rs.push(r),
                None => lists.push((cs.clone(), smallvec::smallvec![r])),
            }
        }
    }
    // What the readers of one list absorb: one buffer for all lists (performance: a short
    // list probed linearly, no set built per list).
    let mut reading: Vec<InstrId> = Vec::new();
    for (cs, readers) in lists {
        // What the readers absorb: the only places the columns may be read.
        reading.clear();
        for r in &readers {
            let Some(mv) = g.matvec_at.get(r) else {
                continue;
            };
            reading.push(*r);
            reading.extend(mv.absorbed.iter().copied());
        }
        let mut first: Option<MatVec> = None;
        let mut ws: Cols = SmallVec::new();
        let mut col_roots: SmallVec<[InstrId; 4]> = SmallVec::new();
        let ok = cs.iter().all(|&c| {
            let root = f.values[c].def;
            let Some(p) = g.matvec_at.get(&root) else {
                return false;
            };
            if readers.contains(&root) || p.rows != p.full {
                return false;
            }
            // The whole vector `w`, its components in order.
            let Some(Coef::Comp(w, _)) = p.coefs.first().copied() else {
                return false;
            };
            let whole = usize::from(f.values[w].num_components) == p.coefs.len()
                && p.coefs
                    .iter()
                    .enumerate()
                    .all(|(i, c)| *c == Coef::Comp(w, i as u8));
            let same = first
                .as_ref()
                .is_none_or(|m0| m0.mat == p.mat && m0.bits == p.bits && m0.full == p.full);
            let only = users
                .get(&c)
                .is_some_and(|us| us.iter().all(|u| u.is_some_and(|u| reading.contains(&u))));
            if first.is_none() {
                first = Some(p.clone());
            }
            ws.push(w);
            col_roots.push(root);
            whole && same && only
        });
        let Some(p0) = first.filter(|_| ok) else {
            continue;
        };
        // A product of the matrix itself would read the columns being skipped.
        if matches!(&p0.mat, MatSrc::Cols(a) if a.iter().any(|x| cs.contains(x))) {
            continue;
        }
        for r in col_roots {
            g.matvec_at.remove(&r);
            g.skip.insert(r);
        }
        g.product_matrices.insert(cs, (p0, ws));
    }
}

/// Whether a deref points at a matrix (not an array of vectors).
/// Whether `d` derefs a matrix of `columns` columns (a product may take the loaded
/// aggregate itself only when it uses every column).
fn is_matrix_deref(shader: &Shader, f: &Function, d: ValueId, columns: usize) -> bool {
    matches!(&f.def(d).kind, InstrKind::Deref(x)
        if matches!(shader.types.get(x.ty), Type::Matrix { columns: c, .. } if usize::from(*c) == columns))
}

impl super::func::FuncCx<'_, '_> {
    /// A matrix-vector product found by [`find_matvecs`], at its last `fadd`.
    /// The matrix of a product: the loaded aggregate, or its columns constructed.
    fn matvec_matrix(&mut self, mv: &MatVec) -> Result<u32> {
        let n = mv.coefs.len() as u8;
        let col = Kind::new(BaseType::Float, mv.bits, mv.full);
        let col_t = self.m.kind_type(col);
        Ok(match &mv.mat {
            MatSrc::Agg(p) => match self.aggs.get(p) {
                Some(&(agg, _)) => agg,
                None => return Err(SpirvError::new("internal: a product of no load")),
            },
            MatSrc::Cols(cs) => {
                if let Some((a, ws)) = self.groups.product_matrices.get(cs).cloned() {
                    // `A * B`: the product of the matrices.
                    let am = self.matvec_matrix(&a)?;
                    let k = ws.len() as u8;
                    let bk = Kind::new(BaseType::Float, mv.bits, a.coefs.len() as u8);
                    let bcol_t = self.m.kind_type(bk);
                    let bt = self.m.ty(op::TYPE_MATRIX, &[bcol_t, u32::from(k)]);
                    self.m.elem.insert(bt, bcol_t);
                    let mut ops: SmallVec<[u32; 6]> = SmallVec::new();
                    for &w in &ws {
                        self.materialize(w)?;
                        ops.push(self.value_as(w, bk)?);
                    }
                    let b = self.cached(op::COMPOSITE_CONSTRUCT, bt, ops, |cx, t, id, ops| {
                        let mut args = vec![t, id];
                        args.extend_from_slice(ops);
                        cx.code.inst(op::COMPOSITE_CONSTRUCT, &args);
                        id
                    });
                    let mt = self.m.ty(op::TYPE_MATRIX, &[col_t, u32::from(n)]);
                    self.m.elem.insert(mt, col_t);
                    return Ok(self.cached(
                        OP_MATRIX_TIMES_MATRIX,
                        mt,
                        SmallVec::from_slice(&[am, b]),
                        |cx, t, id, ops| {
                            cx.code
                                .inst(OP_MATRIX_TIMES_MATRIX, &[t, id, ops[0], ops[1]]);
                            id
                        },
                    ));
                }
                if let Some(ins) = inverse_columns(self.f, cs) {
                    // A whole inverse: the `MatrixInverse` result itself.
                    if let InstrKind::Alu(a) = &self.f.instrs[ins].kind {
                        let (inv, mat_t) = self.matrix_inverse(a)?;
                        let mt = self.m.ty(op::TYPE_MATRIX, &[col_t, u32::from(n)]);
                        if mat_t == mt {
                            return Ok(inv);
                        }
                    }
                }
                let mut ops = Vec::new();
                for &c in cs {
                    ops.push(self.value_as(c, col)?);
                }
                self.m.cap(super::spec::cap::MATRIX);
                let mt = self.m.ty(op::TYPE_MATRIX, &[col_t, u32::from(n)]);
                self.m.elem.insert(mt, col_t);
                if cs
                    .iter()
                    .all(|c| matches!(self.vals[c.0 as usize], Val::Const(_)))
                {
                    // Constant columns: a constant matrix.
                    return Ok(self.m.composite_const(mt, &ops));
                }
                if cs
                    .iter()
                    .all(|c| matches!(self.vals[c.0 as usize], Val::Undef))
                {
                    // Undefined columns: an undefined matrix.
                    return Ok(self.m.undef(mt));
                }
                // Once per block (the transposed matrix when these are its columns).
                self.cached(
                    op::COMPOSITE_CONSTRUCT,
                    mt,
                    SmallVec::from_slice(&ops),
                    |cx, t, id, ops| {
                        let mut args = vec![t, id];
                        args.extend_from_slice(ops);
                        cx.code.inst(op::COMPOSITE_CONSTRUCT, &args);
                        id
                    },
                )
            }
        })
    }

    /// The column of a transpose already written in the block of `root` whose components
    /// are the product's coefficients, in order.
    fn transposed_column(&self, root: InstrId, mv: &MatVec) -> Option<ValueId> {
        let key: Option<Vec<(ValueId, u8)>> = mv
            .coefs
            .iter()
            .map(|c| match *c {
                Coef::Comp(w, k) => Some((w, k)),
                _ => None,
            })
            .collect();
        let v = *self.groups.transposed.get(&key?)?;
        let here = self.f.def(v).block == self.f.instrs[root].block;
        (here && matches!(self.vals[v.0 as usize], Val::Id(..))).then_some(v)
    }

    pub fn emit_matvec(&mut self, root: InstrId, mv: &MatVec) -> Result<()> {
        let InstrKind::Alu(a) = &self.f.instrs[root].kind else {
            return Err(SpirvError::new(
                "internal: a product not at an ALU instruction",
            ));
        };
        let dest = a.dest;
        let n = mv.coefs.len() as u8;
        let col = Kind::new(BaseType::Float, mv.bits, mv.full);
        let col_t = self.m.kind_type(col);
        let mat = self.matvec_matrix(mv)?;
        // The vector: the one value behind the coefficients, shuffled with the constants.
        let vk = Kind::new(BaseType::Float, mv.bits, n);
        let w = mv.coefs.iter().find_map(|c| match c {
            Coef::Comp(w, _) => Some(*w),
            _ => None,
        });
        let one = if mv.bits == 64 {
            1f64.to_bits()
        } else {
            u64::from(1f32.to_bits())
        };
        let direct = w.filter(|&w| {
            self.f.values[w].num_components == n
                && mv
                    .coefs
                    .iter()
                    .enumerate()
                    .all(|(i, c)| *c == Coef::Comp(w, i as u8))
        });
        let several = mv
            .coefs
            .iter()
            .any(|c| matches!(c, Coef::Comp(x, _) if Some(*x) != w));
        let tcol = if several {
            self.transposed_column(root, mv)
        } else {
            None
        };
        let vec = match (direct, w) {
            (Some(w), _) => self.value_as(w, vk)?,
            (None, Some(_)) if several && tcol.is_some() => match tcol {
                Some(v) => self.value_as(v, vk)?,
                None => return Err(SpirvError::new("internal: no transposed column")),
            },
            (None, Some(_)) if several => {
                // Components of several values (and constants): constructed.
                let mut ops = vec![self.m.kind_type(vk), 0];
                for c in &mv.coefs {
                    ops.push(match *c {
                        Coef::Comp(x, k) => {
                            let s = fresnel_ir::AluSrc {
                                value: x,
                                swizzle: [k; 4],
                            };
                            self.alu_src(&s, 1, Some(BaseType::Float))?.0
                        }
                        Coef::Const(bits) => self.m.constant(vk.scalar(), &[bits]),
                        Coef::One => self.m.constant(vk.scalar(), &[one]),
                    });
                }
                let id = self.m.id();
                ops[1] = id;
                self.code.inst(op::COMPOSITE_CONSTRUCT, &ops);
                id
            }
            (None, Some(w)) => {
                let wn = self.f.values[w].num_components;
                let wid = if wn == 1 {
                    let s = self.value_as(w, vk.scalar())?;
                    let id = self.m.id();
                    let t = self.m.kind_type(vk.with_comps(2));
                    self.code.inst(op::COMPOSITE_CONSTRUCT, &[t, id, s, s]);
                    (id, 2u32)
                } else {
                    (self.value_as(w, vk.with_comps(wn))?, u32::from(wn))
                };
                let mut consts: Vec<u64> = Vec::new();
                let mut picks = Vec::new();
                for c in &mv.coefs {
                    match *c {
                        Coef::Comp(_, k) => picks.push(if wn == 1 { 0 } else { u32::from(k) }),
                        Coef::Const(bits) => {
                            picks.push(wid.1 + consts.len() as u32);
                            consts.push(bits);
                        }
                        Coef::One => {
                            picks.push(wid.1 + consts.len() as u32);
                            consts.push(one);
                        }
                    }
                }
                while consts.len() < 2 {
                    consts.push(0);
                }
                let cv = self.m.constant(vk.with_comps(consts.len() as u8), &consts);
                let t = self.m.kind_type(vk);
                let id = self.m.id();
                let mut args = vec![t, id, wid.0, cv];
                args.extend(picks);
                self.code.inst(op::VECTOR_SHUFFLE, &args);
                id
            }
            (None, None) => {
                // Constant coefficients only: a constant vector.
                let consts: Vec<u64> = mv
                    .coefs
                    .iter()
                    .map(|c| match *c {
                        Coef::Const(bits) => bits,
                        _ => one,
                    })
                    .collect();
                self.m.constant(vk, &consts)
            }
        };
        let mut id = self.m.id();
        self.code
            .inst(OP_MATRIX_TIMES_VECTOR, &[col_t, id, mat, vec]);
        let mut k = col;
        if mv.rows < mv.full {
            // The product's first rows.
            k = col.with_comps(mv.rows);
            let t = self.m.kind_type(k);
            let part = self.m.id();
            let mut args = vec![t, part, id, id];
            args.extend(0..u32::from(mv.rows));
            self.code.inst(op::VECTOR_SHUFFLE, &args);
            id = part;
        }
        self.vals[dest.0 as usize] = Val::Id(id, k);
        Ok(())
    }

    /// `v * s.xxxx` as `OpVectorTimesScalar` (one instruction instead of a splat and a
    /// multiply). `None` when neither source is a broadcast.
    pub fn fmul_scalar(&mut self, a: &fresnel_ir::Alu, fk: Kind) -> Result<Option<(u32, Kind)>> {
        let n = fk.comps;
        if n < 2 || a.srcs.len() != 2 {
            return Ok(None);
        }
        let broadcast = |s: &fresnel_ir::AluSrc| {
            s.swizzle[..n as usize].iter().all(|&c| c == s.swizzle[0])
                && !matches!(self.vals[s.value.0 as usize], Val::Const(_))
        };
        let (v, s) = if broadcast(&a.srcs[1]) && !broadcast(&a.srcs[0]) {
            (&a.srcs[0], &a.srcs[1])
        } else if broadcast(&a.srcs[0]) && !broadcast(&a.srcs[1]) {
            (&a.srcs[1], &a.srcs[0])
        } else {
            return Ok(None);
        };
        let (vid, _) = self.alu_src(v, n, Some(BaseType::Float))?;
        let (sid, _) = self.alu_src(s, 1, Some(BaseType::Float))?;
        let id = self.m.id();
        let t = self.m.kind_type(fk);
        self.code.inst(OP_VECTOR_TIMES_SCALAR, &[t, id, vid, sid]);
        self.vals[a.dest.0 as usize] = Val::Id(id, fk);
        Ok(Some((id, fk)))
    }
}
