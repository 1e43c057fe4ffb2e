//! The IR's text form (after `nir_print.c`): readable, and parsed back exactly by
//! [`crate::parse()`] (`print(parse(print(s))) == print(s)`).
//!
//! ```text
//! shader fragment
//! info local_size=1x1x1 origin_upper_left
//! entry fn0
//!
//! struct %S { f32x4 color offset=0; [4 x f32, stride 16] w offset=16; }
//! var @0 shader_out f32x4 color (location=0)
//!
//! function fn0 main() {
//!   var @1 function f32 x
//!   block b0:  // preds:
//!     %0 = deref_var @0 (shader_out f32x4)
//!     %1 = load_const 32x4 (0x3f800000, 0x0, 0x0, 0x3f800000)  // (1.0, 0.0, 0.0, 1.0)
//!     store_deref %0, %1 (wrmask=xyzw)
//!     // succs: b1
//!   block b1 (end):  // preds: b0
//! }
//! ```
//!
//! Values keep their numbers (`%N`), blocks theirs (`bN`), variables theirs (`@N`); `//`
//! starts a comment (predecessors, successors and constant values are printed as comments
//! for the reader; the parser recomputes the CFG). Names that are not plain identifiers are
//! quoted. Struct types are declared once (`struct %S { ... }`, `block struct` for interface
//! blocks) and referred to by name; a name used by several struct types gets `#k` for the
//! k-th repetition.
//!
//! # Grammar
//!
//! Instructions take one line each; elsewhere line breaks do not matter.
//!
//! ```text
//! shader    := "shader" STAGE [info] ["entry" fnN] (struct | var | function)*
//! info      := "info" "local_size=" X "x" Y "x" Z ["geometry(" "in" "out"
//!              "max_vertices=" N "invocations=" N ")"] ["tess_vertices=" N]
//!              ["early_fragment_tests"] ["origin_upper_left"] ["pixel_center_integer"]
//!              ["local_size_x_id=" N] ["local_size_y_id=" N] ["local_size_z_id=" N]
//!              ["tess_primitive=" NAME] ["tess_spacing=" NAME] ["tess_order=" NAME]
//!              ["depth_layout=" NAME] ["tess_point_mode"] ("blend_support=" NAME)*
//!              ("mode(" NAME ["=" INT] ")")* ("spec_const(" ID TYPE NAME const ")")*
//! struct    := ["block"] "struct" %Name["#"k] "{" (TYPE NAME ["lowp"|"mediump"|"highp"]
//!              ["offset=" N] ["row_major"] ["matrix_stride=" N] ";")* "}"
//! var       := "var" @N MODE TYPE NAME ["(" attr ("," attr)* ")"] ["=" const]
//!              attr: builtin location=N component=N index=N binding=N set=N flat
//!              noperspective centroid sample patch invariant precise relaxed access=N
//!              format=NAME owner=fnN|none lowp mediump highp offset=N xfb_buffer=N
//!              xfb_offset=N xfb_stride=N stream=N input_attachment_index=N
//!              packing=std140|std430|scalar|shared|packed heap=resource|sampler
//!              heap_stride=N heap_offset=N|"spec(" ID ")"|"member(" @V ("," K)* ")"
//!              then ["members[" N "]" "{" (K "(" member_attr,* ")" ";")* "}"] (interface
//!              block members K < N with decorations: builtin location component flat
//!              noperspective centroid sample patch invariant precise lowp mediump highp
//!              access xfb_buffer xfb_offset xfb_stride stream format=NAME descriptor_size=N)
//! const     := "(" bits,* ")" | "{" const,* "}"
//! function  := "function" fnN NAME "(" (in|out|inout @N),* ")" ["->" @N] "{"
//!              ("var" @N [MODE ...])*  list  "block" bN "(end)" ":" "}"
//!            | "declare" fnN NAME "(" (in|out|inout @N),* ")" ["->" @N] "{"
//!              ("var" @N [MODE ...])* "}"       (a declaration: defined in another unit)
//! list      := block ((if | loop) block)*
//! block     := "block" bN ":" instr*
//! if        := "if" %c "{" list "}" "else" "{" list "}"
//! loop      := "loop" "{" list "}"
//! TYPE      := f32 | i32x3 | bool | boolx2 | b32 | f64mat4x3 | "[" N "x" TYPE
//!              ["," "stride" N] "]" | %Name | sampler_2d_array_shadow_f | image_3d_u
//!              | atomic_uint | opaque "NAME"
//! ```
//!
//! ```text
//! %3 = fadd 32x4 %1.xyzw, %2.xxxx           ALU: result bits x components, swizzled sources
//! %4 = exact ffma 32x1 %1.x, %2.x, %3.x     `exact`: no reassociation or fusing
//! %5 = load_const 32x2 (0x3f800000, 0x0)    bit patterns
//! %6 = undef 32x4
//! %7 = phi 32x1 b2: %3, b5: %6              one source per predecessor
//! %8 = deref_var @0 (shader_in f32x4)       derefs: (mode type pointed at)
//! %9 = deref_array %8[%2] (function f32)    array element, matrix column, vector component
//! %10 = deref_struct %8.1 (ubo f32x4)       member by index
//! %11 = deref_cast %8 (ssbo %S)
//! %12 = load_deref 32x4 %8                  intrinsics: shape of the result, sources,
//! store_deref %8, %12 (wrmask=xy)           (named indices; num_components=N when not
//! %13 = txl 32x4 2d array f (texture %0, coord %1, lod %2) component=1    implied)
//! %16 = tex 32x5 2d sparse f (texture %0, sampler %1, coord %2)   sparse: + residency code
//! %14 32x1, %15 32x4 = call fn1(%3)         results: return value, then out/inout params
//! %17 [nonuniform, relaxed] = mov 32x1 %3.x  value flags after a result (NonUniform,
//!                                            RelaxedPrecision in SPIR-V)
//! break | continue | return
//! ```

use std::fmt::{self, Write};

use rustc_hash::FxHashMap;

use crate::entity::EntityId;
use crate::func::{CfNode, Function};
use crate::instr::*;
use crate::intrinsic::{AtomicOp, IndexKind, ReductionOp};
use crate::shader::{Constant, Interp, MemberDecor, Sampling, Shader, Variable};
use crate::types::{BaseType, Type, TypeId, Types};

/// Swizzle letters for components 0 to 15.
pub(crate) const SWIZZLE_CHARS: &[u8; 16] = b"xyzwefghijklmnop";

/// Whether `s` can be printed without quotes.
pub(crate) fn is_plain_ident(s: &str) -> bool {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) if c.is_ascii_alphabetic() || c == '_' => {}
        _ => return false,
    }
    chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// A string literal with `\"`, `\\`, `\n`, `\t` and `\u{..}` escapes.
pub(crate) fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A name: as is when it is a plain identifier, else quoted.
pub(crate) fn name(s: &str) -> String {
    if is_plain_ident(s) {
        s.to_string()
    } else {
        quote(s)
    }
}

/// How struct types are referred to: `%Name`, `%Name#k` for repeated names.
pub(crate) fn struct_refs(types: &Types) -> FxHashMap<TypeId, String> {
    let mut seen: FxHashMap<&str, u32> = FxHashMap::default();
    let mut out = FxHashMap::default();
    for (id, t) in types.iter() {
        if let Type::Struct { name: n, .. } = t {
            let k = seen.entry(n.as_str()).or_insert(0);
            let r = if *k == 0 {
                format!("%{}", name(n))
            } else {
                format!("%{}#{}", name(n), k)
            };
            *k += 1;
            out.insert(id, r);
        }
    }
    out
}

/// Prints types with struct references resolved.
pub(crate) struct TypePrinter<'a> {
    pub types: &'a Types,
    pub structs: FxHashMap<TypeId, String>,
}

impl<'a> TypePrinter<'a> {
    pub fn new(types: &'a Types) -> Self {
        TypePrinter {
            types,
            structs: struct_refs(types),
        }
    }

    pub fn ty(&self, id: TypeId) -> String {
        if id.index() >= self.types.len() {
            // Only a hand-made shader has one; the parser rejects the text.
            return format!("<unknown type {id}>");
        }
        match self.types.get(id) {
            Type::Vector {
                base,
                bits,
                components,
            } => {
                let b = if *base == BaseType::Bool && *bits == 1 {
                    "bool".to_string()
                } else {
                    format!("{}{}", base.letter(), bits)
                };
                if *components == 1 {
                    b
                } else {
                    format!("{b}x{components}")
                }
            }
            Type::Matrix {
                bits,
                columns,
                rows,
            } => format!("f{bits}mat{columns}x{rows}"),
            Type::Array { elem, len, stride } => {
                let inner = self.ty(*elem);
                let mut t = match stride {
                    0 => format!("[{len} x {inner}"),
                    s => format!("[{len} x {inner}, stride {s}"),
                };
                // Issue 5: a length given by specialization constants (parse.rs reads it).
                if let Some(e) = self.types.spec_length(id) {
                    t.push_str(&format!(", spec {}", quote(&e.text())));
                }
                t.push(']');
                t
            }
            Type::Struct { .. } => self.structs.get(&id).cloned().unwrap_or_default(),
            Type::Opaque(n) => format!("opaque {}", quote(n)),
            _ => self.types.display(id),
        }
    }
}

/// Swizzle text for `n` components (letters, or `[a,b]` when out of letter range).
pub(crate) fn swizzle_str(sw: &[u8]) -> String {
    if sw.iter().all(|c| usize::from(*c) < SWIZZLE_CHARS.len()) {
        sw.iter()
            .map(|c| SWIZZLE_CHARS[usize::from(*c)] as char)
            .collect()
    } else {
        let parts: Vec<String> = sw.iter().map(|c| c.to_string()).collect();
        format!("[{}]", parts.join(","))
    }
}

fn write_mask_str(m: i64) -> String {
    if m > 0 && m < (1 << 16) {
        (0..16)
            .filter(|i| m & (1 << i) != 0)
            .map(|i| SWIZZLE_CHARS[i] as char)
            .collect()
    } else {
        m.to_string()
    }
}

fn interp_name(i: Interp) -> Option<&'static str> {
    match i {
        Interp::Smooth => None,
        Interp::Flat => Some("flat"),
        Interp::NoPerspective => Some("noperspective"),
    }
}

fn sampling_name(s: Sampling) -> Option<&'static str> {
    match s {
        Sampling::Center => None,
        Sampling::Centroid => Some("centroid"),
        Sampling::Sample => Some("sample"),
    }
}

fn constant_str(c: &Constant) -> String {
    match c {
        Constant::Vector(v) => {
            let parts: Vec<String> = v.iter().map(|x| format!("{x:#x}")).collect();
            format!("({})", parts.join(", "))
        }
        Constant::Composite(items) => {
            let parts: Vec<String> = items.iter().map(constant_str).collect();
            format!("{{{}}}", parts.join(", "))
        }
    }
}

/// A human reading of constant bit patterns for the comment after `load_const`.
fn const_comment(bits: u8, values: &[u64]) -> Option<String> {
    let sext = |v: u64| -> i64 {
        if bits == 0 || bits >= 64 {
            v as i64
        } else {
            let sh = 64 - u32::from(bits);
            ((v << sh) as i64) >> sh
        }
    };
    let small = values.iter().all(|&v| sext(v).unsigned_abs() < (1 << 16));
    let parts: Vec<String> = match bits {
        1 => values
            .iter()
            .map(|v| if *v & 1 != 0 { "true" } else { "false" }.to_string())
            .collect(),
        8 => values.iter().map(|v| sext(*v).to_string()).collect(),
        16 | 32 | 64 if small => values.iter().map(|v| sext(*v).to_string()).collect(),
        16 => values
            .iter()
            .map(|v| format!("{:?}", crate::float::f16_to_f32(*v as u16)))
            .collect(),
        32 => values
            .iter()
            .map(|v| format!("{:?}", f32::from_bits(*v as u32)))
            .collect(),
        64 => values
            .iter()
            .map(|v| format!("{:?}", f64::from_bits(*v)))
            .collect(),
        _ => return None,
    };
    Some(format!("({})", parts.join(", ")))
}

/// The `num_components` of an intrinsic that the text leaves out: the result's components,
/// else those of the first source the table sizes by `num_components`, else 0.
pub(crate) fn implied_num_components(f: &Function, x: &IntrinsicInstr) -> u8 {
    if let Some(d) = x.dest {
        return f.values.get(d).map_or(0, |d| d.num_components);
    }
    let info = x.op.info();
    info.srcs
        .iter()
        .zip(&x.srcs)
        .find(|(size, _)| **size == 0)
        .and_then(|(_, v)| f.values.get(*v))
        .map_or(0, |d| d.num_components)
}

/// Prints a shader (or one function) in the text form.
pub struct Printer<'a> {
    shader: &'a Shader,
    tp: TypePrinter<'a>,
}

impl<'a> Printer<'a> {
    pub fn new(shader: &'a Shader) -> Printer<'a> {
        Printer {
            shader,
            tp: TypePrinter::new(&shader.types),
        }
    }

    /// The whole shader.
    pub fn shader(&self, out: &mut String) {
        let s = self.shader;
        let _ = writeln!(out, "shader {}", s.stage.name());
        let i = &s.info;
        let _ = write!(
            out,
            "info local_size={}x{}x{}",
            i.local_size[0], i.local_size[1], i.local_size[2]
        );
        if let Some(g) = &i.geometry {
            let _ = write!(
                out,
                " geometry({} {} max_vertices={} invocations={})",
                quote(&g.input),
                quote(&g.output),
                g.max_vertices,
                g.invocations
            );
        }
        if let Some(t) = i.tess_vertices {
            let _ = write!(out, " tess_vertices={t}");
        }
        for (flag, word) in [
            (i.early_fragment_tests, "early_fragment_tests"),
            (i.origin_upper_left, "origin_upper_left"),
            (i.pixel_center_integer, "pixel_center_integer"),
        ] {
            if flag {
                let _ = write!(out, " {word}");
            }
        }
        self.info_modes(out);
        out.push('\n');
        if let Some(e) = s.entry {
            let _ = writeln!(out, "entry {e}");
        }
        // Struct declarations, in type order (which the parser reproduces).
        let mut first = true;
        for (id, t) in s.types.iter() {
            if let Type::Struct { fields, block, .. } = t {
                if first {
                    out.push('\n');
                    first = false;
                }
                if *block {
                    out.push_str("block ");
                }
                let _ = write!(out, "struct {} {{", self.tp.ty(id));
                for (k, f) in fields.iter().enumerate() {
                    let _ = write!(out, " {} {}", self.tp.ty(f.ty), name(&f.name));
                    if let Some(p) = s.types.member_precision(id, k).name() {
                        let _ = write!(out, " {p}");
                    }
                    if let Some(o) = f.offset {
                        let _ = write!(out, " offset={o}");
                    }
                    if f.row_major {
                        out.push_str(" row_major");
                    }
                    if let Some(m) = f.matrix_stride {
                        let _ = write!(out, " matrix_stride={m}");
                    }
                    out.push(';');
                }
                out.push_str(" }\n");
            }
        }
        // Variables that no function lists as a local.
        let mut local: FxHashMap<VarId, FuncId> = FxHashMap::default();
        for (fid, f) in s.functions.iter() {
            for v in &f.locals {
                local.entry(*v).or_insert(fid);
            }
        }
        let mut first = true;
        for (id, v) in s.vars.iter() {
            if !local.contains_key(&id) {
                if first {
                    out.push('\n');
                    first = false;
                }
                self.var(out, id, v, None, "");
            }
        }
        for (fid, _) in s.functions.iter() {
            out.push('\n');
            self.function(out, fid, &local);
        }
    }

    /// The stage-wide facts after the fragment flags: specialization-constant local sizes,
    /// tessellation modes, depth layout, blend support, other modes, specialization constants.
    fn info_modes(&self, out: &mut String) {
        let i = &self.shader.info;
        for (k, id) in i.local_size_id.iter().enumerate() {
            if let Some(id) = id {
                let _ = write!(out, " local_size_{}_id={id}", ["x", "y", "z"][k]);
            }
        }
        for (word, val) in [
            ("tess_primitive", &i.tess_primitive),
            ("tess_spacing", &i.tess_spacing),
            ("tess_order", &i.tess_order),
            ("depth_layout", &i.depth_layout),
        ] {
            if let Some(v) = val {
                let _ = write!(out, " {word}={}", name(v));
            }
        }
        if i.tess_point_mode {
            out.push_str(" tess_point_mode");
        }
        for b in &i.blend_support {
            let _ = write!(out, " blend_support={}", name(b));
        }
        for (m, v) in &i.other_modes {
            match v {
                Some(v) => {
                    let _ = write!(out, " mode({}={v})", name(m));
                }
                None => {
                    let _ = write!(out, " mode({})", name(m));
                }
            }
        }
        for c in &i.spec_constants {
            let _ = write!(
                out,
                " spec_const({} {} {} {})",
                c.id,
                self.tp.ty(c.ty),
                name(&c.name),
                constant_str(&c.value)
            );
        }
        for md in &i.spirv_modes {
            use crate::shader::SpirvModeOperand as O;
            let _ = write!(out, " spirv_mode({}", md.mode);
            if md.id {
                out.push_str(" id");
            }
            for o in &md.operands {
                let _ = match o {
                    O::Int(v) => write!(out, " int {v}"),
                    O::Uint(v) => write!(out, " uint {v}"),
                    O::Float(v) => write!(out, " float {v}"),
                    O::Bool(v) => write!(out, " bool {}", u8::from(*v)),
                    O::Spec(v) => write!(out, " spec {v}"),
                };
            }
            out.push(')');
        }
        for c in &i.spirv_capabilities {
            let _ = write!(out, " spirv_cap({c})");
        }
        for e in &i.spirv_extensions {
            let _ = write!(out, " spirv_ext({})", name(e));
        }
    }

    /// The attributes of an interface block member (`None` when all are defaults).
    fn member_attrs(m: &MemberDecor) -> Vec<String> {
        let mut attrs: Vec<String> = Vec::new();
        if m.builtin {
            attrs.push("builtin".into());
        }
        if let Some(x) = m.location {
            attrs.push(format!("location={x}"));
        }
        if let Some(x) = m.component {
            attrs.push(format!("component={x}"));
        }
        if let Some(x) = interp_name(m.interp) {
            attrs.push(x.into());
        }
        if let Some(x) = sampling_name(m.sampling) {
            attrs.push(x.into());
        }
        for (flag, word) in [
            (m.patch, "patch"),
            (m.invariant, "invariant"),
            (m.precise, "precise"),
        ] {
            if flag {
                attrs.push(word.into());
            }
        }
        if let Some(p) = m.precision.name() {
            attrs.push(p.into());
        }
        if m.access != 0 {
            attrs.push(format!("access={}", m.access));
        }
        for (word, val) in [
            ("xfb_buffer", m.xfb_buffer),
            ("xfb_offset", m.xfb_offset),
            ("xfb_stride", m.xfb_stride),
            ("stream", m.stream),
        ] {
            if let Some(x) = val {
                attrs.push(format!("{word}={x}"));
            }
        }
        if let Some(f) = &m.format {
            attrs.push(format!("format={}", name(f)));
        }
        if let Some(x) = m.descriptor_size {
            attrs.push(format!("descriptor_size={x}"));
        }
        attrs
    }

    fn var(&self, out: &mut String, id: VarId, v: &Variable, ctx: Option<FuncId>, indent: &str) {
        let _ = write!(
            out,
            "{indent}var {id} {} {} {}",
            v.mode.name(),
            self.tp.ty(v.ty),
            name(&v.name)
        );
        let mut attrs: Vec<String> = Vec::new();
        if v.builtin {
            attrs.push("builtin".into());
        }
        if let Some(x) = v.location {
            attrs.push(format!("location={x}"));
        }
        if let Some(x) = v.component {
            attrs.push(format!("component={x}"));
        }
        if let Some(x) = v.index {
            attrs.push(format!("index={x}"));
        }
        if let Some(x) = v.binding {
            attrs.push(format!("binding={x}"));
        }
        if let Some(x) = v.set {
            attrs.push(format!("set={x}"));
        }
        if let Some(x) = interp_name(v.interp) {
            attrs.push(x.into());
        }
        if let Some(x) = sampling_name(v.sampling) {
            attrs.push(x.into());
        }
        for (flag, word) in [
            (v.patch, "patch"),
            (v.invariant, "invariant"),
            (v.precise, "precise"),
            (v.relaxed_precision, "relaxed"),
        ] {
            if flag {
                attrs.push(word.into());
            }
        }
        if v.access != 0 {
            attrs.push(format!("access={}", v.access));
        }
        if let Some(f) = &v.format {
            attrs.push(format!("format={}", name(f)));
        }
        if let Some(p) = v.precision.name() {
            attrs.push(p.into());
        }
        for (word, val) in [
            ("offset", v.offset),
            ("xfb_buffer", v.xfb_buffer),
            ("xfb_offset", v.xfb_offset),
            ("xfb_stride", v.xfb_stride),
            ("stream", v.stream),
            ("input_attachment_index", v.input_attachment_index),
        ] {
            if let Some(x) = val {
                attrs.push(format!("{word}={x}"));
            }
        }
        if let Some(p) = v.packing {
            attrs.push(format!("packing={}", p.name()));
        }
        if let Some(h) = &v.heap {
            attrs.push(format!("heap={}", h.kind.name()));
            if let Some(s) = h.stride {
                attrs.push(format!("heap_stride={s}"));
            }
            match &h.offset {
                None => {}
                Some(crate::HeapOffset::Const(n)) => attrs.push(format!("heap_offset={n}")),
                Some(crate::HeapOffset::Spec(id)) => attrs.push(format!("heap_offset=spec({id})")),
                Some(crate::HeapOffset::Member { var, path }) => {
                    let mut a = format!("heap_offset=member({var}");
                    for k in path {
                        let _ = write!(a, ", {k}");
                    }
                    a.push(')');
                    attrs.push(a);
                }
            }
        }
        if v.function != ctx {
            match v.function {
                Some(f) => attrs.push(format!("owner={f}")),
                None => attrs.push("owner=none".into()),
            }
        }
        if !attrs.is_empty() {
            let _ = write!(out, " ({})", attrs.join(", "));
        }
        if !v.members.is_empty() {
            // `members[N] { i (attrs); ... }`: N entries, those with decorations listed.
            let _ = write!(out, " members[{}] {{", v.members.len());
            for (k, m) in v.members.iter().enumerate() {
                let a = Self::member_attrs(m);
                if !a.is_empty() {
                    let _ = write!(out, " {k} ({});", a.join(", "));
                }
            }
            out.push_str(" }");
        }
        if let Some(c) = &v.init {
            let _ = write!(out, " = {}", constant_str(c));
        }
        out.push('\n');
    }

    /// One function (`local` maps variables to the function listing them).
    fn function(&self, out: &mut String, fid: FuncId, local: &FxHashMap<VarId, FuncId>) {
        let f = &self.shader.functions[fid];
        let params: Vec<String> = f
            .params
            .iter()
            .map(|p| format!("{} {}", p.dir.name(), p.var))
            .collect();
        // Issue 4: a declaration (no body) prints as `declare`, with its variables only.
        let keyword = if f.external { "declare" } else { "function" };
        let _ = write!(
            out,
            "{keyword} {fid} {}({})",
            name(&f.name),
            params.join(", ")
        );
        if let Some(r) = f.ret {
            let _ = write!(out, " -> {r}");
        }
        if let Some(w) = f.control.word() {
            let _ = write!(out, " {w}");
        }
        out.push_str(" {\n");
        let mut declared: Vec<VarId> = Vec::new();
        for v in &f.locals {
            if local.get(v) == Some(&fid) && !declared.contains(v) {
                declared.push(*v);
                if let Some(var) = self.shader.vars.get(*v) {
                    self.var(out, *v, var, Some(fid), "  ");
                }
            } else {
                // Listed twice: a reference to the earlier declaration.
                let _ = writeln!(out, "  var {v}");
            }
        }
        if f.external {
            out.push_str("}\n");
            return;
        }
        self.list(out, f, &f.body, 1);
        let _ = write!(out, "  block {} (end):", f.end_block);
        self.preds(out, f, f.end_block);
        out.push_str("}\n");
    }

    fn preds(&self, out: &mut String, f: &Function, b: BlockId) {
        out.push_str("  // preds:");
        for p in &f.blocks[b].preds {
            let _ = write!(out, " {p}");
        }
        out.push('\n');
    }

    fn list(&self, out: &mut String, f: &Function, list: &[CfNode], depth: usize) {
        let ind = "  ".repeat(depth);
        for n in list {
            match *n {
                CfNode::Block(b) => {
                    let _ = write!(out, "{ind}block {b}:");
                    self.preds(out, f, b);
                    for &i in &f.blocks[b].instrs {
                        out.push_str(&ind);
                        out.push_str("  ");
                        self.instr(out, f, &f.instrs[i].kind);
                        out.push('\n');
                    }
                    let _ = write!(out, "{ind}  // succs:");
                    for s in f.blocks[b].succs.iter().flatten() {
                        let _ = write!(out, " {s}");
                    }
                    out.push('\n');
                }
                CfNode::If(i) => {
                    let node = &f.ifs[i];
                    let _ = writeln!(out, "{ind}if {} {{", node.cond);
                    self.list(out, f, &node.then_list, depth + 1);
                    let _ = writeln!(out, "{ind}}} else {{");
                    self.list(out, f, &node.else_list, depth + 1);
                    let _ = writeln!(out, "{ind}}}");
                }
                CfNode::Loop(l) => {
                    let _ = writeln!(out, "{ind}loop {{");
                    self.list(out, f, &f.loops[l].body, depth + 1);
                    let _ = writeln!(out, "{ind}}}");
                }
            }
        }
    }

    fn shape(&self, f: &Function, v: ValueId) -> String {
        match f.values.get(v) {
            Some(d) => format!("{}x{}", d.bit_size, d.num_components),
            None => "?x?".into(),
        }
    }

    /// One instruction, without indentation or newline.
    pub fn instr(&self, out: &mut String, f: &Function, kind: &InstrKind) {
        match kind {
            InstrKind::Alu(a) => {
                let info = a.op.info();
                let n = f.values.get(a.dest).map_or(1, |d| d.num_components);
                let _ = write!(
                    out,
                    "{} = {}{} {}",
                    self.dest(f, a.dest),
                    if a.exact { "exact " } else { "" },
                    a.op.name(),
                    self.shape(f, a.dest)
                );
                for (i, s) in a.srcs.iter().enumerate() {
                    let size = info.src_size.get(i).copied().unwrap_or(0);
                    let comps = usize::from(if size == 0 { n } else { size }).clamp(1, 4);
                    let _ = write!(
                        out,
                        "{} {}.{}",
                        if i == 0 { "" } else { "," },
                        s.value,
                        swizzle_str(&s.swizzle[..comps])
                    );
                }
            }
            InstrKind::Intrinsic(x) => {
                if let Some(d) = x.dest {
                    let _ = write!(
                        out,
                        "{} = {} {}",
                        self.dest(f, d),
                        x.op.name(),
                        self.shape(f, d)
                    );
                } else {
                    out.push_str(x.op.name());
                }
                for (i, s) in x.srcs.iter().enumerate() {
                    let _ = write!(out, "{} {s}", if i == 0 { "" } else { "," });
                }
                let mut attrs: Vec<String> = Vec::new();
                if implied_num_components(f, x) != x.num_components {
                    attrs.push(format!("num_components={}", x.num_components));
                }
                for (k, v) in &x.indices {
                    let val = match k {
                        IndexKind::WriteMask => write_mask_str(*v),
                        IndexKind::Atomic => match AtomicOp::from_index(*v) {
                            Some(a) => a.name().to_string(),
                            None => v.to_string(),
                        },
                        IndexKind::ReductionOp => ReductionOp::from_index(*v)
                            .map_or_else(|| v.to_string(), |r| r.name().to_string()),
                        // `spirv_instruction` (issue 5): quoted texts.
                        k if crate::spirv_instruction::is_spirv_index(*k) => {
                            crate::spirv_instruction::index_text(*k, *v)
                                .map_or_else(|| v.to_string(), |t| format!("\"{t}\""))
                        }
                        // The vendor operations (issue 4): the operation by name.
                        IndexKind::VendorOp => crate::vendor::vendor_op_name(*v)
                            .map_or_else(|| v.to_string(), str::to_string),
                        _ => v.to_string(),
                    };
                    attrs.push(format!("{}={val}", k.name()));
                }
                if !attrs.is_empty() {
                    let _ = write!(out, " ({})", attrs.join(", "));
                }
            }
            InstrKind::Tex(t) => {
                let _ = write!(
                    out,
                    "{} = {} {} {}{}{}{} {}",
                    self.dest(f, t.dest),
                    t.op.name(),
                    self.shape(f, t.dest),
                    t.dim.name(),
                    if t.is_array { " array" } else { "" },
                    if t.is_shadow { " shadow" } else { "" },
                    if t.is_sparse { " sparse" } else { "" },
                    t.dest_base.letter()
                );
                let srcs: Vec<String> = t
                    .srcs
                    .iter()
                    .map(|(k, v)| format!("{} {v}", k.name()))
                    .collect();
                let _ = write!(out, " ({})", srcs.join(", "));
                if t.component != 0 {
                    let _ = write!(out, " component={}", t.component);
                }
            }
            InstrKind::Deref(d) => {
                let _ = write!(out, "{} = ", self.dest(f, d.dest));
                match d.kind {
                    DerefKind::Var(v) => {
                        let _ = write!(out, "deref_var {v}");
                    }
                    DerefKind::Array { parent, index } => {
                        let _ = write!(out, "deref_array {parent}[{index}]");
                    }
                    DerefKind::Struct { parent, field } => {
                        let _ = write!(out, "deref_struct {parent}.{field}");
                    }
                    DerefKind::Cast { parent } => {
                        let _ = write!(out, "deref_cast {parent}");
                    }
                }
                let _ = write!(out, " ({} {})", d.mode.name(), self.tp.ty(d.ty));
                if let DerefKind::Struct { parent, field } = d.kind {
                    if let Some(n) = self.field_name(f, parent, field) {
                        let _ = write!(out, "  // .{n}");
                    }
                }
            }
            InstrKind::LoadConst { dest, values } => {
                let bits = f.values.get(*dest).map_or(32, |d| d.bit_size);
                let parts: Vec<String> = values.iter().map(|x| format!("{x:#x}")).collect();
                let _ = write!(
                    out,
                    "{} = load_const {} ({})",
                    self.dest(f, *dest),
                    self.shape(f, *dest),
                    parts.join(", ")
                );
                if let Some(c) = const_comment(bits, values) {
                    let _ = write!(out, "  // {c}");
                }
            }
            InstrKind::Undef { dest } => {
                let _ = write!(
                    out,
                    "{} = undef {}",
                    self.dest(f, *dest),
                    self.shape(f, *dest)
                );
            }
            InstrKind::Phi { dest, srcs } => {
                let _ = write!(
                    out,
                    "{} = phi {}",
                    self.dest(f, *dest),
                    self.shape(f, *dest)
                );
                for (i, (b, v)) in srcs.iter().enumerate() {
                    let _ = write!(out, "{} {b}: {v}", if i == 0 { "" } else { "," });
                }
            }
            InstrKind::Call { func, args, dests } => {
                if !dests.is_empty() {
                    let ds: Vec<String> = dests
                        .iter()
                        .map(|d| format!("{} {}", self.dest(f, *d), self.shape(f, *d)))
                        .collect();
                    let _ = write!(out, "{} = ", ds.join(", "));
                }
                let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
                let _ = write!(out, "call {func}({})", args.join(", "));
                if let Some(callee) = self.shader.functions.get(*func) {
                    let _ = write!(out, "  // {}", callee.name);
                }
            }
            InstrKind::Jump(k) => out.push_str(k.name()),
        }
    }

    /// A result value with its flags, if any (`%3 [nonuniform, relaxed]`; issue 5).
    fn dest(&self, f: &Function, v: ValueId) -> String {
        let fl = f.flags(v);
        if fl.is_empty() {
            v.to_string()
        } else {
            format!("{v} [{}]", fl.names().collect::<Vec<_>>().join(", "))
        }
    }

    /// The name of a struct member reached from `parent`, for comments.
    fn field_name(&self, f: &Function, parent: ValueId, field: u32) -> Option<String> {
        let pd = f.values.get(parent)?;
        let InstrKind::Deref(p) = &f.instrs.get(pd.def)?.kind else {
            return None;
        };
        if p.ty.index() >= self.shader.types.len() {
            return None;
        }
        match self.shader.types.get(p.ty) {
            Type::Struct { fields, .. } => fields.get(field as usize).map(|x| name(&x.name)),
            _ => None,
        }
    }
}

/// The text form of one function (with the shader's struct names).
pub fn print_function(shader: &Shader, func: FuncId) -> String {
    let p = Printer::new(shader);
    let mut local: FxHashMap<VarId, FuncId> = FxHashMap::default();
    for (fid, f) in shader.functions.iter() {
        for v in &f.locals {
            local.entry(*v).or_insert(fid);
        }
    }
    let mut out = String::new();
    p.function(&mut out, func, &local);
    out
}

/// The text form of one instruction of `func` (for diagnostics).
pub fn print_instr(shader: &Shader, func: FuncId, instr: InstrId) -> String {
    let p = Printer::new(shader);
    let f = &shader.functions[func];
    let mut out = String::new();
    p.instr(&mut out, f, &f.instrs[instr].kind);
    out
}

impl fmt::Display for Shader {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        Printer::new(self).shader(&mut out);
        f.write_str(&out)
    }
}
