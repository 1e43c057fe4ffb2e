//! Rules on the arguments of particular built-in functions that the signature table cannot
//! state: memory scope and semantics (GL_KHR_memory_scope_semantics, split barriers), atomic
//! memory functions' targets, constant-argument rules that depend on the target, and image
//! format requirements.
//!
//! Called from `call.rs` once a call to a built-in is resolved, with the converted arguments:
//! [`Checker::validate_builtin_call`].

use fresnel_syntax::extensions::Ext;
use fresnel_syntax::source::Span;
use fresnel_syntax::version::TargetEnv;

use super::Checker;
use crate::hir::{ExprId, ExprKind, ParamDir, Storage};
use crate::types::{OpaqueKind, Scalar, StructKind, Type};

/// `gl_Semantics*` and `gl_StorageSemantics*` values (GL_KHR_memory_scope_semantics).
mod sem {
    pub const ACQUIRE: u32 = 0x2;
    pub const RELEASE: u32 = 0x4;
    pub const ACQUIRE_RELEASE: u32 = 0x8;
    pub const MAKE_AVAILABLE: u32 = 0x2000;
    pub const MAKE_VISIBLE: u32 = 0x4000;
    pub const VOLATILE: u32 = 0x8000;
    /// The memory-order bits.
    pub const ORDER: u32 = ACQUIRE | RELEASE | ACQUIRE_RELEASE;
    pub const ALL: u32 = ORDER | MAKE_AVAILABLE | MAKE_VISIBLE | VOLATILE;
    pub const NAMES: &[(u32, &str)] = &[
        (ACQUIRE, "gl_SemanticsAcquire"),
        (RELEASE, "gl_SemanticsRelease"),
        (ACQUIRE_RELEASE, "gl_SemanticsAcquireRelease"),
        (MAKE_AVAILABLE, "gl_SemanticsMakeAvailable"),
        (MAKE_VISIBLE, "gl_SemanticsMakeVisible"),
        (VOLATILE, "gl_SemanticsVolatile"),
    ];

    pub const STORAGE_BUFFER: u32 = 0x40;
    pub const STORAGE_SHARED: u32 = 0x100;
    pub const STORAGE_IMAGE: u32 = 0x800;
    pub const STORAGE_OUTPUT: u32 = 0x1000;
    pub const STORAGE_ALL: u32 = STORAGE_BUFFER | STORAGE_SHARED | STORAGE_IMAGE | STORAGE_OUTPUT;
    pub const STORAGE_NAMES: &[(u32, &str)] = &[
        (STORAGE_BUFFER, "gl_StorageSemanticsBuffer"),
        (STORAGE_SHARED, "gl_StorageSemanticsShared"),
        (STORAGE_IMAGE, "gl_StorageSemanticsImage"),
        (STORAGE_OUTPUT, "gl_StorageSemanticsOutput"),
    ];
}

/// What kind of operation takes memory semantics.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum BrSemOp {
    /// An atomic read-modify-write (`atomicAdd`, `imageAtomicOr`, ...).
    Rmw,
    Load,
    Store,
    CompSwap,
    MemoryBarrier,
    ControlBarrier,
    /// GL_EXT_split_barrier.
    Arrive,
    Wait,
}

/// The constant operands of a memory-semantics check, with the argument each came from.
struct BrSemArgs {
    storage: (u32, ExprId),
    semantics: (u32, ExprId),
    /// `atomicCompSwap`'s `storageUnequal` and `semUnequal`.
    unequal: Option<((u32, ExprId), (u32, ExprId))>,
}

/// Names the bits of a semantics value (`gl_SemanticsAcquire | gl_SemanticsMakeVisible`).
fn br_bits_text(v: u32, names: &[(u32, &str)], zero: &str) -> String {
    if v == 0 {
        return format!("{zero} (0)");
    }
    let mut parts: Vec<String> = Vec::new();
    let mut rest = v;
    for &(bit, name) in names {
        if v & bit != 0 {
            parts.push(name.to_string());
            rest &= !bit;
        }
    }
    if rest == v {
        return format!("{v:#x}");
    }
    if rest != 0 {
        parts.push(format!("{rest:#x}"));
    }
    format!("{} ({v:#x})", parts.join(" | "))
}

fn br_sem_text(v: u32) -> String {
    br_bits_text(v, sem::NAMES, "gl_SemanticsRelaxed")
}

fn br_storage_text(v: u32) -> String {
    br_bits_text(v, sem::STORAGE_NAMES, "gl_StorageSemanticsNone")
}

const BR_ORDER_NAMES: &str =
    "gl_SemanticsAcquire, gl_SemanticsRelease or gl_SemanticsAcquireRelease";

impl Checker<'_> {
    /// A call to the built-in `name` with (converted) `args`; `nspan` is the name's span.
    pub(crate) fn validate_builtin_call(
        &mut self,
        name: &'static str,
        args: &[ExprId],
        nspan: Span,
    ) {
        let n = args.len();
        match name {
            "atomicAdd" | "atomicMin" | "atomicMax" | "atomicAnd" | "atomicOr" | "atomicXor"
            | "atomicExchange" | "atomicCompSwap" | "atomicLoad" | "atomicStore" => {
                if let Some(&mem) = args.first() {
                    self.br_atomic_target(name, mem, nspan);
                }
                let op = match name {
                    "atomicLoad" => BrSemOp::Load,
                    "atomicStore" => BrSemOp::Store,
                    "atomicCompSwap" => BrSemOp::CompSwap,
                    _ => BrSemOp::Rmw,
                };
                // The forms with scope and semantics: scope, storage, semantics last
                // (compSwap: scope, storageEqual, semEqual, storageUnequal, semUnequal).
                let scoped = match op {
                    BrSemOp::Load | BrSemOp::Store => true,
                    BrSemOp::CompSwap => n == 8,
                    _ => n == 5,
                };
                if scoped {
                    self.br_memory_semantics(name, op, args);
                }
            }
            "imageLoad" | "imageStore" => {
                if let Some(&image) = args.first() {
                    let read = name == "imageLoad";
                    self.br_image_memory(name, image, read, !read, nspan);
                }
            }
            "imageAtomicAdd"
            | "imageAtomicMin"
            | "imageAtomicMax"
            | "imageAtomicAnd"
            | "imageAtomicOr"
            | "imageAtomicXor"
            | "imageAtomicExchange"
            | "imageAtomicCompSwap"
            | "imageAtomicLoad"
            | "imageAtomicStore" => {
                let Some(&image) = args.first() else {
                    return;
                };
                let read = name != "imageAtomicStore";
                let write = name != "imageAtomicLoad";
                self.br_image_memory(name, image, read, write, nspan);
                let ms = self.br_image_atomic_format(name, image);
                let op = match name {
                    "imageAtomicLoad" => BrSemOp::Load,
                    "imageAtomicStore" => BrSemOp::Store,
                    "imageAtomicCompSwap" => BrSemOp::CompSwap,
                    _ => BrSemOp::Rmw,
                };
                // Without scope: (image, P[, sample], data[, data]) — at most 4 (5 for
                // multisample images) arguments.
                if n > if ms { 5 } else { 4 } {
                    self.br_memory_semantics(name, op, args);
                }
            }
            "memoryBarrier" if n == 3 => {
                self.br_memory_semantics(name, BrSemOp::MemoryBarrier, args)
            }
            "controlBarrier" if n == 4 => {
                self.br_memory_semantics(name, BrSemOp::ControlBarrier, args)
            }
            "controlBarrierArrive" if n == 4 => {
                self.br_memory_semantics(name, BrSemOp::Arrive, args)
            }
            "controlBarrierWait" if n == 4 => self.br_memory_semantics(name, BrSemOp::Wait, args),
            "subgroupBroadcast" | "subgroupQuadBroadcast" if n == 2 => {
                self.br_subgroup_id(name, args[1])
            }
            "subgroupClusteredAdd"
            | "subgroupClusteredMul"
            | "subgroupClusteredMin"
            | "subgroupClusteredMax"
            | "subgroupClusteredAnd"
            | "subgroupClusteredOr"
            | "subgroupClusteredXor"
                if n == 2 =>
            {
                self.br_cluster_size(name, args[1])
            }
            // The payload (callable data) selector names the location of a variable declared
            // before the call (GL_EXT_ray_tracing: "Different payload types are chosen based
            // on the different values of the compile-time constant <payload> which correspond
            // to the rayPayload/rayPayloadIn qualified variables having the same value for
            // the location layout qualifier"); `traceNV` may name a location of no variable.
            "traceRayEXT" | "traceRayMotionNV" => {
                if let Some(&last) = args.last() {
                    self.br_ray_location(
                        name,
                        last,
                        &[
                            "rayPayloadEXT",
                            "rayPayloadInEXT",
                            "rayPayloadNV",
                            "rayPayloadInNV",
                        ],
                        nspan,
                    );
                }
            }
            "executeCallableEXT" | "executeCallableNV" => {
                if let Some(&last) = args.last() {
                    self.br_ray_location(
                        name,
                        last,
                        &[
                            "callableDataEXT",
                            "callableDataInEXT",
                            "callableDataNV",
                            "callableDataInNV",
                        ],
                        nspan,
                    );
                }
            }
            _ => {}
        }
    }

    /// A constant payload or callable-data location must be that of a global declared with
    /// one of `storages` (GL_EXT_spirv_intrinsics shaders may declare theirs otherwise).
    fn br_ray_location(&mut self, name: &str, loc: ExprId, storages: &[&str], nspan: Span) {
        if self.ext_on(Ext::EXT_spirv_intrinsics) {
            return;
        }
        let Some(l) = self.const_value(loc).and_then(|c| c.to_i64()) else {
            return;
        };
        let Some(location) = self.interner.get("location") else {
            return;
        };
        let found = self.m.globals.iter().any(|&g| {
            let v = self.m.var(g);
            matches!(v.storage, Storage::Ext(s) if storages.contains(&self.name(s)))
                && v.quals.layout_value(location) == Some(Some(l))
        });
        if !found {
            self.error(
                "ray-payload-location",
                nspan,
                format!(
                    "`{name}`: no `{}` variable is declared with `layout(location = {l})`",
                    storages[0]
                ),
            );
        }
    }

    // ---- image memory qualifiers ----

    /// "It is a compile-time error to pass an image variable qualified with readonly to
    /// imageStore() or other built-in functions that modify image memory", and one qualified
    /// with writeonly to imageLoad() or other built-in functions that read it (GLSL and GLSL
    /// ES "Memory Qualifiers"). The qualifiers are those of the variable (or parameter) the
    /// image argument is, or is an element of.
    fn br_image_memory(&mut self, name: &str, image: ExprId, read: bool, write: bool, nspan: Span) {
        let mut cur = image;
        let v = loop {
            match &self.m.expr(cur).kind {
                ExprKind::Index(b, _) => cur = *b,
                ExprKind::Var(v) => break *v,
                _ => return,
            }
        };
        let var = self.m.var(v);
        let mem = var.quals.memory;
        let bad = if read && mem.writeonly {
            "writeonly"
        } else if write && mem.readonly {
            "readonly"
        } else {
            return;
        };
        let vname = self.name(var.name).to_string();
        let span = self.espan(image);
        let span = if span == Span::default() { nspan } else { span };
        self.error(
            "image-memory",
            span,
            format!(
                "`{name}` {} image memory, but `{vname}` is `{bad}`",
                if bad == "writeonly" {
                    "reads"
                } else {
                    "writes"
                }
            ),
        );
    }

    // ---- atomic memory functions ----

    /// The `mem` argument of an atomic memory function must be (part of) a buffer or shared
    /// variable, or reached through a buffer reference.
    fn br_atomic_target(&mut self, name: &str, mem: ExprId, nspan: Span) {
        let mut cur = mem;
        let found: String = loop {
            match &self.m.expr(cur).kind {
                ExprKind::Index(b, _) | ExprKind::Swizzle(b, _) => cur = *b,
                ExprKind::Member(b, _) => {
                    if self.br_is_buffer_reference(*b) {
                        return;
                    }
                    cur = *b;
                }
                ExprKind::Var(v) => {
                    let var = self.m.var(*v);
                    let vname = self.name(var.name).to_string();
                    let what = match var.storage {
                        Storage::Buffer | Storage::Shared => return,
                        Storage::Ext(s) if self.name(s) == "taskPayloadSharedEXT" => return,
                        Storage::Local => "a local variable".to_string(),
                        Storage::Global => "a global variable without storage qualifier".into(),
                        Storage::Const => "a constant".into(),
                        Storage::In => "an input variable".into(),
                        Storage::Out => "an output variable".into(),
                        Storage::Uniform => "a uniform".into(),
                        Storage::Param(ParamDir::ConstIn) => "a `const` function parameter".into(),
                        Storage::Param(_) => "a function parameter".into(),
                        Storage::Ext(s) => format!("a `{}` variable", self.name(s)),
                    };
                    break format!("`{vname}` is {what}");
                }
                ExprKind::Error => return,
                _ => break "the argument is not a variable".to_string(),
            }
        };
        let span = self.espan(mem);
        let span = if span == Span::default() { nspan } else { span };
        self.error(
            "atomic-target",
            span,
            format!(
                "the first argument of `{name}` must be a buffer variable (a member of a shader storage block or reached through a buffer reference) or a shared variable; {found}"
            ),
        );
    }

    /// Whether a value of block type is a buffer reference (GL_EXT_buffer_reference) rather
    /// than a block instance.
    fn br_is_buffer_reference(&self, e: ExprId) -> bool {
        let is_block = |t| {
            matches!(self.m.types.get(t), Type::Struct(sid)
                if self.m.types.struct_def(*sid).kind == StructKind::Block)
        };
        if !is_block(self.ety(e)) {
            return false;
        }
        let mut cur = e;
        loop {
            match &self.m.expr(cur).kind {
                ExprKind::Index(b, _) => cur = *b,
                ExprKind::Var(v) => {
                    let var = self.m.var(*v);
                    // A member of an anonymous block with a block type is a reference; a
                    // block instance has a block storage.
                    return var.block_member.is_some()
                        || !matches!(
                            var.storage,
                            Storage::Uniform
                                | Storage::Buffer
                                | Storage::In
                                | Storage::Out
                                | Storage::Shared
                                | Storage::Ext(_)
                        );
                }
                _ => return true,
            }
        }
    }

    // ---- image atomics ----

    /// The image of an image atomic function must have a format that supports atomics.
    /// Returns whether the image is multisample (for locating the scope arguments).
    fn br_image_atomic_format(&mut self, name: &str, image: ExprId) -> bool {
        let Type::Opaque(o) = *self.m.types.get(self.ety(image)) else {
            return false;
        };
        if o.kind != OpaqueKind::Image {
            return o.ms;
        }
        // The variable the image comes from (through array indexing).
        let mut cur = image;
        let var = loop {
            match &self.m.expr(cur).kind {
                ExprKind::Index(b, _) => cur = *b,
                ExprKind::Var(v) => break *v,
                _ => return o.ms,
            }
        };
        let v = self.m.var(var);
        let vname = self.name(v.name).to_string();
        let format: Option<String> = v
            .quals
            .layout
            .iter()
            .rev()
            .map(|e| self.name(e.name))
            .find(|n| super::decl::is_image_format(n))
            .map(str::to_string);
        let found = match &format {
            Some(f) => format!("`{vname}` has format `{f}`"),
            None if matches!(v.storage, Storage::Param(_)) => {
                format!("`{vname}` is a function parameter, which has no format qualifier")
            }
            None => format!("`{vname}` has no format qualifier"),
        };
        let f = format.as_deref().unwrap_or("");
        let expected: Option<&str> = match o.sampled {
            Scalar::I32 | Scalar::U32 => {
                (!matches!(f, "r32i" | "r32ui" | "r64i" | "r64ui" | "size1x32"))
                    .then_some("`r32i` or `r32ui`")
            }
            Scalar::I64 => (f != "r64i").then_some("`r64i`"),
            Scalar::U64 => (f != "r64ui").then_some("`r64ui`"),
            // GLSL ES: float image atomics need r32f (or, for the f16 vector forms of
            // GL_NV_shader_atomic_fp16_vector, rg16f / rgba16f).
            Scalar::F32 if self.is_es() => {
                (!matches!(f, "r32f" | "rg16f" | "rgba16f")).then_some("`r32f`")
            }
            _ => None,
        };
        if let Some(expected) = expected {
            let span = self.espan(image);
            self.error(
                "image-atomic-format",
                span,
                format!("`{name}` needs an image declared with format {expected}; {found}"),
            );
        }
        o.ms
    }

    // ---- memory scope and semantics ----

    /// The constant value of a storage or semantics argument (non-constant arguments are
    /// reported by the signature's `const` rule).
    fn br_const_u32(&self, e: ExprId) -> Option<(u32, ExprId)> {
        self.const_value(e)
            .and_then(|c| c.to_i64())
            .map(|v| (v as u32, e))
    }

    /// GL_KHR_memory_scope_semantics (and GL_EXT_split_barrier) rules on the storage and
    /// semantics arguments, which are the last arguments of every form.
    fn br_memory_semantics(&mut self, name: &str, op: BrSemOp, args: &[ExprId]) {
        let n = args.len();
        let get = |c: &Self, i: usize| c.br_const_u32(args[i]);
        let a = if op == BrSemOp::CompSwap {
            if n < 5 {
                return;
            }
            let (Some(s), Some(m), Some(s2), Some(m2)) = (
                get(self, n - 4),
                get(self, n - 3),
                get(self, n - 2),
                get(self, n - 1),
            ) else {
                return;
            };
            BrSemArgs {
                storage: s,
                semantics: m,
                unequal: Some((s2, m2)),
            }
        } else {
            if n < 2 {
                return;
            }
            let (Some(s), Some(m)) = (get(self, n - 2), get(self, n - 1)) else {
                return;
            };
            BrSemArgs {
                storage: s,
                semantics: m,
                unequal: None,
            }
        };
        self.br_check_semantics(name, op, &a);
    }

    fn br_check_semantics(&mut self, name: &str, op: BrSemOp, a: &BrSemArgs) {
        use sem::*;
        let (st, st_arg) = a.storage;
        let (se, se_arg) = a.semantics;
        let is_load = op == BrSemOp::Load;
        let is_store = op == BrSemOp::Store;
        let barrier = matches!(op, BrSemOp::MemoryBarrier | BrSemOp::ControlBarrier);
        let split = matches!(op, BrSemOp::Arrive | BrSemOp::Wait);
        let err = |c: &mut Self, at: ExprId, msg: String| {
            let span = c.espan(at);
            c.error("memory-semantics", span, msg);
        };

        // Loads and stores have one direction.
        if se & ACQUIRE != 0 && is_store {
            err(self, se_arg, format!(
                "`{name}` is a store: its semantics must not include gl_SemanticsAcquire (found {})",
                br_sem_text(se)
            ));
        }
        if se & RELEASE != 0 && is_load {
            err(
                self,
                se_arg,
                format!(
                "`{name}` is a load: its semantics must not include gl_SemanticsRelease (found {})",
                br_sem_text(se)
            ),
            );
        }
        if se & ACQUIRE_RELEASE != 0 && (is_load || is_store) {
            err(self, se_arg, format!(
                "`{name}` is a {}: its semantics must not include gl_SemanticsAcquireRelease (found {})",
                if is_load { "load" } else { "store" },
                br_sem_text(se)
            ));
        }

        // Only known bits.
        let sem_operands: Vec<(&str, u32, ExprId)> = match a.unequal {
            Some((_, (se2, se2_arg))) => {
                vec![("semEqual", se, se_arg), ("semUnequal", se2, se2_arg)]
            }
            None => vec![("semantics", se, se_arg)],
        };
        let storage_operands: Vec<(&str, u32, ExprId)> = match a.unequal {
            Some(((st2, st2_arg), _)) => {
                vec![
                    ("storageEqual", st, st_arg),
                    ("storageUnequal", st2, st2_arg),
                ]
            }
            None => vec![("storage", st, st_arg)],
        };
        for &(what, v, at) in &sem_operands {
            if v & !ALL != 0 {
                err(self, at, format!(
                    "the {what} argument of `{name}` may only combine gl_Semantics* values; found {} with unknown bits {:#x}",
                    br_sem_text(v),
                    v & !ALL
                ));
            }
        }
        for &(what, v, at) in &storage_operands {
            if v & !STORAGE_ALL != 0 {
                err(self, at, format!(
                    "the {what} argument of `{name}` may only combine gl_StorageSemantics* values; found {} with unknown bits {:#x}",
                    br_storage_text(v),
                    v & !STORAGE_ALL
                ));
            }
        }

        // At most one memory order (exactly one for memoryBarrier).
        if op == BrSemOp::MemoryBarrier {
            if !(se & ORDER).is_power_of_two() {
                err(self, se_arg, format!(
                    "the semantics of `memoryBarrier` must include exactly one of {BR_ORDER_NAMES}; found {}",
                    br_sem_text(se)
                ));
            }
        } else {
            for &(what, v, at) in &sem_operands {
                if v & ORDER != 0 && !(v & ORDER).is_power_of_two() {
                    err(self, at, format!(
                        "the {what} argument of `{name}` must not combine more than one of {BR_ORDER_NAMES}; found {}",
                        br_sem_text(v)
                    ));
                }
            }
        }

        // Storage semantics and a memory order go together.
        let mut pairs: Vec<(u32, ExprId, u32, ExprId)> = vec![(st, st_arg, se, se_arg)];
        if let Some(((st2, st2_arg), (se2, se2_arg))) = a.unequal {
            pairs.push((st2, st2_arg, se2, se2_arg));
        }
        for &(s, s_arg, m, _) in &pairs {
            if s == 0 && m & ORDER != 0 {
                err(self, s_arg, format!(
                    "the storage semantics of `{name}` must not be gl_StorageSemanticsNone (0) when the semantics include a memory order ({})",
                    br_sem_text(m)
                ));
            }
        }
        for &(s, _, m, m_arg) in &pairs {
            if s != 0 && m & ORDER == 0 {
                err(self, m_arg, format!(
                    "with storage semantics {}, the semantics of `{name}` must include one of {BR_ORDER_NAMES}; found {}",
                    br_storage_text(s),
                    br_sem_text(m)
                ));
            }
        }
        if split && st != 0 {
            let (allowed, extra, what) = if op == BrSemOp::Arrive {
                (
                    RELEASE,
                    MAKE_AVAILABLE,
                    "gl_SemanticsRelease, optionally with gl_SemanticsMakeAvailable",
                )
            } else {
                (
                    ACQUIRE,
                    MAKE_VISIBLE,
                    "gl_SemanticsAcquire, optionally with gl_SemanticsMakeVisible",
                )
            };
            if se != allowed && se != allowed | extra {
                err(
                    self,
                    se_arg,
                    format!(
                    "with storage semantics {}, the semantics of `{name}` must be {what}; found {}",
                    br_storage_text(st),
                    br_sem_text(se)
                ),
                );
            }
        }

        // atomicCompSwap's unequal semantics: a load.
        if let Some((_, (se2, se2_arg))) = a.unequal {
            if se2 & (RELEASE | ACQUIRE_RELEASE) != 0 {
                err(self, se2_arg, format!(
                    "the semUnequal argument of `{name}` (the semantics of a failed comparison, a load) must not include gl_SemanticsRelease or gl_SemanticsAcquireRelease; found {}",
                    br_sem_text(se2)
                ));
            }
            if se2 & ACQUIRE != 0 && se & (ACQUIRE | ACQUIRE_RELEASE) == 0 {
                err(self, se2_arg, format!(
                    "the semUnequal argument of `{name}` may include gl_SemanticsAcquire only when semEqual includes gl_SemanticsAcquire or gl_SemanticsAcquireRelease; semEqual is {}",
                    br_sem_text(se)
                ));
            }
        }

        // Availability and visibility need the matching order.
        for &(what, v, at) in &sem_operands {
            if v & MAKE_AVAILABLE != 0 && v & (RELEASE | ACQUIRE_RELEASE) == 0 {
                err(self, at, format!(
                    "gl_SemanticsMakeAvailable needs gl_SemanticsRelease or gl_SemanticsAcquireRelease in the same argument; the {what} argument of `{name}` is {}",
                    br_sem_text(v)
                ));
            }
        }
        for &(what, v, at) in &sem_operands {
            if v & MAKE_VISIBLE != 0 && v & (ACQUIRE | ACQUIRE_RELEASE) == 0 {
                err(self, at, format!(
                    "gl_SemanticsMakeVisible needs gl_SemanticsAcquire or gl_SemanticsAcquireRelease in the same argument; the {what} argument of `{name}` is {}",
                    br_sem_text(v)
                ));
            }
        }
        if let Some((_, (se2, se2_arg))) = a.unequal {
            if se2 & MAKE_VISIBLE != 0 && se & MAKE_VISIBLE == 0 {
                err(self, se2_arg, format!(
                    "the semUnequal argument of `{name}` may include gl_SemanticsMakeVisible only when semEqual does too; semEqual is {}",
                    br_sem_text(se)
                ));
            }
        }

        // Barriers are not volatile.
        if se & VOLATILE != 0 && (barrier || split) {
            err(
                self,
                se_arg,
                format!(
                    "gl_SemanticsVolatile cannot be used with `{name}`; found {}",
                    br_sem_text(se)
                ),
            );
        }

        if let Some(((st2, st2_arg), (se2, _))) = a.unequal {
            if st2 & !st != 0 {
                err(self, st2_arg, format!(
                    "the storageUnequal argument of `{name}` must not include storage semantics missing from storageEqual: {} is not in storageEqual {}",
                    br_storage_text(st2 & !st),
                    br_storage_text(st)
                ));
            }
            if (se ^ se2) & VOLATILE != 0 {
                err(self, se_arg, format!(
                    "semEqual and semUnequal of `{name}` must both include gl_SemanticsVolatile or neither; semEqual is {}, semUnequal is {}",
                    br_sem_text(se),
                    br_sem_text(se2)
                ));
            }
        }
    }

    // ---- subgroup operations ----

    /// `subgroupBroadcast` and `subgroupQuadBroadcast`: before SPIR-V 1.5 (Vulkan 1.2) the
    /// `id` must be a constant expression.
    fn br_subgroup_id(&mut self, name: &str, id: ExprId) {
        let dynamic_ok = matches!(self.opts.target, TargetEnv::Vulkan { minor } if minor >= 2);
        if dynamic_ok || self.const_value(id).is_some() || self.m.types.is_error(self.ety(id)) {
            return;
        }
        let target = match self.opts.target {
            TargetEnv::Vulkan { minor } => format!("Vulkan 1.{minor}"),
            TargetEnv::OpenGl => "OpenGL".to_string(),
            TargetEnv::OpenGlEs => "OpenGL ES".to_string(),
        };
        let span = self.espan(id);
        self.error(
            "constant-argument",
            span,
            format!(
                "the `id` argument of `{name}` must be a constant expression when targeting {target} (a dynamically uniform id needs SPIR-V 1.5, Vulkan 1.2); found a non-constant expression"
            ),
        );
    }

    /// `subgroupClustered*`: the cluster size is a constant power of two, at least 1 (its
    /// constness is the signature's rule). A specialization constant is refused, as glslang
    /// does: its final value could be anything, and SPIR-V's ClusterSize is a constant.
    fn br_cluster_size(&mut self, name: &str, size: ExprId) {
        if self.m.is_spec_expr(size) {
            let span = self.espan(size);
            self.error(
                "cluster-size",
                span,
                format!(
                    "the cluster size of `{name}` must be a compile-time constant, not a specialization constant"
                ),
            );
            return;
        }
        let Some(v) = self.const_value(size).and_then(|c| c.to_i64()) else {
            return;
        };
        let v = v as i32;
        let problem = if v < 1 {
            "at least 1"
        } else if !(v as u32).is_power_of_two() {
            "a power of two"
        } else {
            return;
        };
        let span = self.espan(size);
        self.error(
            "cluster-size",
            span,
            format!("the cluster size of `{name}` must be {problem}; found {v}"),
        );
    }
}
