//! Tests of the built-in function lowering (`fresnel_lower::builtins`).
//!
//! Two kinds:
//! - *Direct*: a shader is checked by the front end, its (single) built-in call is lowered
//!   with `lower_builtin` into a fresh function, arguments being constants given per
//!   uniform name (or derefs of fresh variables for objects and `out` arguments). The
//!   instructions are then inspected, and for pure ALU results evaluated by a small
//!   evaluator below (independent of the interpreter) and compared with values computed
//!   here from the specification's formulas.
//! - *End to end*: whole shaders through `fresnel::lower_to_ir`, checking that lowering
//!   succeeds, the IR validates, and the expected operations appear.

use std::collections::HashMap;

use fresnel::ir::{
    AluOp, AtomicOp, BaseType, Builder, Function, IndexKind, InstrKind, Intrinsic, ReductionOp,
    Shader, Stage, Tex, TexOp, TexSrc, Type, TypeId, ValueId, VarId, VarMode, Variable,
};
use fresnel::lower::builtins::{lower_builtin, BuiltinCx};
use fresnel::lower::{Arg, Operand};
use fresnel::sema::constant::ConstValue;
use fresnel::sema::hir::{ExprKind, Module};
use fresnel::sema::types::{ArraySize, Scalar, Type as HType, TypeId as HTypeId};
use fresnel::{NoIncludes, Options, SourceInput};

// ---------------------------------------------------------------------------------------
// Direct harness

/// A value given to a uniform argument.
#[derive(Clone, Debug)]
enum V {
    F(Vec<f32>),
    I(Vec<i32>),
    U(Vec<u32>),
    B(Vec<bool>),
    /// Columns.
    M(Vec<Vec<f32>>),
}

fn bits_of(v: &V) -> (u8, Vec<u64>) {
    match v {
        V::F(x) => (32, x.iter().map(|f| u64::from(f.to_bits())).collect()),
        V::I(x) => (32, x.iter().map(|i| u64::from(*i as u32)).collect()),
        V::U(x) => (32, x.iter().map(|u| u64::from(*u)).collect()),
        V::B(x) => (1, x.iter().map(|b| u64::from(*b)).collect()),
        V::M(_) => panic!("matrix"),
    }
}

/// The result of lowering one call directly.
struct Lowered {
    shader: Shader,
    result: Option<Operand>,
    /// The deref value of each `out` argument, by argument index.
    out_derefs: HashMap<usize, ValueId>,
    /// The IR variable behind each deref argument, by argument index.
    arg_vars: HashMap<usize, VarId>,
    /// Values of the input variables the lowering may read by name.
    var_inputs: HashMap<VarId, Vec<u64>>,
}

impl Lowered {
    fn func(&self) -> &Function {
        &self.shader.functions[self.shader.entry.unwrap()]
    }

    fn instrs(&self) -> Vec<&InstrKind> {
        let f = self.func();
        f.instrs_in_order()
            .into_iter()
            .map(|i| &f.instrs[i].kind)
            .collect()
    }

    fn alu_ops(&self) -> Vec<AluOp> {
        self.instrs()
            .into_iter()
            .filter_map(|k| match k {
                InstrKind::Alu(a) => Some(a.op),
                _ => None,
            })
            .collect()
    }

    fn texes(&self) -> Vec<Tex> {
        self.instrs()
            .into_iter()
            .filter_map(|k| match k {
                InstrKind::Tex(t) => Some(t.clone()),
                _ => None,
            })
            .collect()
    }

    fn intrinsics(&self) -> Vec<fresnel::ir::IntrinsicInstr> {
        self.instrs()
            .into_iter()
            .filter_map(|k| match k {
                InstrKind::Intrinsic(i) => Some(i.clone()),
                _ => None,
            })
            .collect()
    }

    fn value(&self) -> ValueId {
        match &self.result {
            Some(Operand::Value(v)) => *v,
            other => panic!("expected a value result, got {other:?}"),
        }
    }

    /// Evaluates the function; returns the result's components and the stores to `out`
    /// arguments.
    fn eval(&self) -> Eval {
        let f = self.func();
        let mut ev = Eval {
            vals: HashMap::new(),
            deref_vars: HashMap::new(),
            var_vals: self.var_inputs.clone(),
            stores: HashMap::new(),
        };
        for i in f.instrs_in_order() {
            ev.step(f, &f.instrs[i].kind);
        }
        ev
    }

    fn eval_result(&self) -> Vec<u64> {
        let ev = self.eval();
        ev.vals[&self.value()].clone()
    }

    fn eval_f(&self) -> Vec<f64> {
        let v = self.value();
        let bits = self.func().values[v].bit_size;
        self.eval_result().iter().map(|b| fget(*b, bits)).collect()
    }

    fn eval_cols(&self) -> Vec<Vec<f64>> {
        let ev = self.eval();
        match &self.result {
            Some(Operand::Matrix(cols)) => cols
                .iter()
                .map(|c| ev.vals[c].iter().map(|b| fget(*b, 32)).collect())
                .collect(),
            other => panic!("expected a matrix, got {other:?}"),
        }
    }

    fn out(&self, ev: &Eval, arg: usize) -> Vec<u64> {
        ev.stores[&self.out_derefs[&arg]].clone()
    }
}

fn ir_type(m: &Module, types: &mut fresnel::ir::Types, t: HTypeId) -> TypeId {
    match m.types.get(t).clone() {
        HType::Scalar(s) => vector_type(types, s, 1),
        HType::Vector(s, n) => vector_type(types, s, n),
        HType::Matrix { cols, rows, .. } => types.intern(Type::Matrix {
            bits: 32,
            columns: cols,
            rows,
        }),
        HType::Array { elem, size } => {
            let e = ir_type(m, types, elem);
            let n = match size {
                ArraySize::Fixed(n) => n,
                ArraySize::Unsized => 0,
            };
            types.array(e, n)
        }
        other => types.intern(Type::Opaque(format!("{other:?}"))),
    }
}

fn vector_type(types: &mut fresnel::ir::Types, s: Scalar, n: u8) -> TypeId {
    let base = if s.is_float() {
        BaseType::Float
    } else if s.is_signed_int() {
        BaseType::Int
    } else if s == Scalar::Bool {
        BaseType::Bool
    } else {
        BaseType::Uint
    };
    types.vector(base, s.bits() as u8, n)
}

fn const_bits(c: &ConstValue, out: &mut Vec<u64>) -> u8 {
    match c {
        ConstValue::Bool(b) => {
            out.push(u64::from(*b));
            1
        }
        ConstValue::I32(i) => {
            out.push(u64::from(*i as u32));
            32
        }
        ConstValue::U32(u) => {
            out.push(u64::from(*u));
            32
        }
        ConstValue::F32(f) => {
            out.push(u64::from(f.to_bits()));
            32
        }
        ConstValue::F64(f) => {
            out.push(f.to_bits());
            64
        }
        ConstValue::Composite(cs) => {
            let mut bits = 32;
            for c in cs {
                bits = const_bits(c, out);
            }
            bits
        }
        other => panic!("constant {other:?} not supported by the harness"),
    }
}

fn stage_of(file: &str) -> Stage {
    match file.rsplit('.').next() {
        Some("vert") => Stage::Vertex,
        Some("geom") => Stage::Geometry,
        Some("comp") => Stage::Compute,
        Some("tesc") => Stage::TessControl,
        _ => Stage::Fragment,
    }
}

/// Checks `src`, finds its last built-in call (the outermost in `main`) and lowers it.
fn lower_call(file: &str, src: &str, inputs: &[(&str, V)]) -> Result<Lowered, String> {
    let run = fresnel::check(
        SourceInput::new(file, src),
        &Options::default(),
        &mut NoIncludes,
    );
    if run.has_errors() {
        return Err(run.render_diagnostics(fresnel::ErrorFormat::Human, false));
    }
    let m = run.hir.as_ref().expect("a module");
    let (f, arg_exprs, ret, span) = m
        .exprs
        .iter()
        .rev()
        .find_map(|e| match &e.kind {
            ExprKind::Builtin(f, args) => Some((*f, args.clone(), e.ty, e.span)),
            _ => None,
        })
        .expect("a built-in call");
    let stage = stage_of(file);
    let mut shader = Shader::new(stage);
    let mut func = Function::new("main");
    let mut arg_vars = HashMap::new();
    let mut out_derefs = HashMap::new();
    let mut args = Vec::new();
    // Variables first (they need the shader's arena).
    let mut planned = Vec::new();
    for (i, a) in arg_exprs.iter().enumerate() {
        let e = m.expr(*a);
        let name = match &e.kind {
            ExprKind::Var(v) => Some(run.interner.resolve(m.var(*v).name).to_string()),
            _ => None,
        };
        let given = name
            .as_ref()
            .and_then(|n| inputs.iter().find(|(k, _)| k == n).map(|(_, v)| v.clone()));
        if given.is_none() && (!matches!(e.kind, ExprKind::Const(_)) || m.types.is_array(e.ty)) {
            let ty = ir_type(m, &mut shader.types, e.ty);
            let mode = match m.types.get(e.ty) {
                HType::Opaque(_) | HType::AtomicUint => VarMode::Uniform,
                _ => VarMode::Function,
            };
            let var = shader.add_var(Variable::new(
                name.clone().unwrap_or_else(|| format!("arg{i}")),
                ty,
                mode,
            ));
            arg_vars.insert(i, var);
        }
        planned.push(given);
    }
    let mut var_inputs = HashMap::new();
    let lookup_vars: Vec<(String, VarId, TypeId, VarMode)> = inputs
        .iter()
        .filter_map(|(n, v)| match v {
            V::U(x) if n.starts_with("gl_") => Some((n.to_string(), x.len())),
            _ => None,
        })
        .map(|(n, len)| {
            let ty = shader.types.vector(BaseType::Uint, 32, len as u8);
            let var = shader.add_var(Variable::new(n.clone(), ty, VarMode::ShaderIn));
            if let Some((_, V::U(x))) = inputs.iter().find(|(k, _)| *k == n) {
                var_inputs.insert(var, x.iter().map(|u| u64::from(*u)).collect());
            }
            (n, var, ty, VarMode::ShaderIn)
        })
        .collect();
    let result = {
        let mut b = Builder::new(&mut func, &mut shader.types);
        for (i, a) in arg_exprs.iter().enumerate() {
            let e = m.expr(*a);
            let op = if let Some(var) = arg_vars.get(&i) {
                let ty = shader.vars[*var].ty;
                let mode = shader.vars[*var].mode;
                let d = b.deref_var(*var, ty, mode);
                out_derefs.insert(i, d);
                Operand::Deref(d)
            } else if let Some(v) = &planned[i] {
                match v {
                    V::M(cols) => Operand::Matrix(
                        cols.iter()
                            .map(|c| {
                                let bits: Vec<u64> =
                                    c.iter().map(|f| u64::from(f.to_bits())).collect();
                                b.constant(32, &bits)
                            })
                            .collect(),
                    ),
                    v => {
                        let (bits, vals) = bits_of(v);
                        Operand::Value(b.constant(bits, &vals))
                    }
                }
            } else if let ExprKind::Const(c) = &e.kind {
                let mut vals = Vec::new();
                let bits = const_bits(c, &mut vals);
                Operand::Value(b.constant(bits, &vals))
            } else {
                unreachable!()
            };
            args.push(Arg { op, ty: e.ty });
        }
        let lookup = |n: &str| {
            lookup_vars
                .iter()
                .find(|(k, ..)| k == n)
                .map(|(_, v, t, md)| (*v, *t, *md))
        };
        let mut cx = BuiltinCx {
            b: &mut b,
            hir: m,
            stage,
            lookup_var: &lookup,
            span,
        };
        let r = lower_builtin(&mut cx, f, &args, ret).map_err(|e| e.message)?;
        b.finish();
        r
    };
    let fid = shader.functions.push(func);
    shader.entry = Some(fid);
    Ok(Lowered {
        shader,
        result,
        out_derefs,
        arg_vars,
        var_inputs,
    })
}

fn lower_ok(file: &str, src: &str, inputs: &[(&str, V)]) -> Lowered {
    lower_call(file, src, inputs).unwrap_or_else(|e| panic!("lowering failed: {e}\n{src}"))
}

// ---------------------------------------------------------------------------------------
// A small evaluator of the ALU operations the lowering produces (for checking formulas).

struct Eval {
    vals: HashMap<ValueId, Vec<u64>>,
    /// The variable each `deref_var` points at, and the known variables' contents.
    deref_vars: HashMap<ValueId, VarId>,
    var_vals: HashMap<VarId, Vec<u64>>,
    /// Stores through derefs: the last value stored through each deref value.
    stores: HashMap<ValueId, Vec<u64>>,
}

fn mask(v: u64, bits: u8) -> u64 {
    if bits >= 64 {
        v
    } else {
        v & ((1u64 << bits) - 1)
    }
}

fn sext(v: u64, bits: u8) -> i64 {
    if bits >= 64 {
        v as i64
    } else {
        let s = 64 - u32::from(bits);
        ((v << s) as i64) >> s
    }
}

fn fget(v: u64, bits: u8) -> f64 {
    match bits {
        64 => f64::from_bits(v),
        _ => f64::from(f32::from_bits(v as u32)),
    }
}

fn fput(x: f64, bits: u8) -> u64 {
    match bits {
        64 => x.to_bits(),
        _ => u64::from((x as f32).to_bits()),
    }
}

impl Eval {
    fn step(&mut self, f: &Function, k: &InstrKind) {
        match k {
            InstrKind::LoadConst { dest, values } => {
                self.vals.insert(*dest, values.to_vec());
            }
            InstrKind::Deref(d) => {
                if let fresnel::ir::DerefKind::Var(v) = d.kind {
                    self.deref_vars.insert(d.dest, v);
                }
            }
            InstrKind::Intrinsic(i)
                if i.op == Intrinsic::LoadDeref
                    && self
                        .deref_vars
                        .get(&i.srcs[0])
                        .is_some_and(|v| self.var_vals.contains_key(v)) =>
            {
                let v = self.var_vals[&self.deref_vars[&i.srcs[0]]].clone();
                self.vals.insert(i.dest.unwrap(), v);
            }
            InstrKind::Intrinsic(i) if i.op == Intrinsic::StoreDeref => {
                let v = self.vals[&i.srcs[1]].clone();
                self.stores.insert(i.srcs[0], v);
            }
            InstrKind::Alu(a) => {
                let db = f.values[a.dest].bit_size;
                let dn = f.values[a.dest].num_components;
                let info = a.op.info();
                let srcs: Vec<(Vec<u64>, u8, [u8; 4])> = a
                    .srcs
                    .iter()
                    .map(|s| {
                        (
                            self.vals[&s.value].clone(),
                            f.values[s.value].bit_size,
                            s.swizzle,
                        )
                    })
                    .collect();
                let sb = srcs
                    .iter()
                    .enumerate()
                    .find(|(i, _)| a.op.fixed_src_bits(*i).is_none())
                    .map_or(32, |(_, s)| s.1);
                let out: Vec<u64> = if info.dest_size != 0
                    && info.src_size.iter().take(srcs.len()).any(|s| *s != 0)
                {
                    whole(a.op, &srcs, db)
                } else {
                    (0..dn)
                        .map(|c| {
                            let comps: Vec<u64> = srcs
                                .iter()
                                .map(|(v, _, sw)| v[usize::from(sw[usize::from(c)])])
                                .collect();
                            mask(scalar(a.op, sb, db, &comps), db)
                        })
                        .collect()
                };
                self.vals.insert(a.dest, out);
            }
            other => panic!("the test evaluator cannot run {other:?}"),
        }
    }
}

/// Operations reading whole vectors.
fn whole(op: AluOp, srcs: &[(Vec<u64>, u8, [u8; 4])], db: u8) -> Vec<u64> {
    let comp = |s: usize, i: usize| srcs[s].0[usize::from(srcs[s].2[i])];
    match op {
        AluOp::Vec2 | AluOp::Vec3 | AluOp::Vec4 => (0..srcs.len()).map(|s| comp(s, 0)).collect(),
        AluOp::Fdot2 | AluOp::Fdot3 | AluOp::Fdot4 => {
            let n = match op {
                AluOp::Fdot2 => 2,
                AluOp::Fdot3 => 3,
                _ => 4,
            };
            let b = srcs[0].1;
            let mut acc = 0.0f64;
            for i in 0..n {
                let p = fget(fput(fget(comp(0, i), b) * fget(comp(1, i), b), b), b);
                acc = fget(fput(acc + p, b), b);
            }
            vec![fput(acc, db)]
        }
        AluOp::Bany2 | AluOp::Bany3 | AluOp::Bany4 | AluOp::Ball2 | AluOp::Ball3 | AluOp::Ball4 => {
            let n = op.info().src_size[0] as usize;
            let any = matches!(op, AluOp::Bany2 | AluOp::Bany3 | AluOp::Bany4);
            let bits: Vec<bool> = (0..n).map(|i| comp(0, i) != 0).collect();
            vec![u64::from(if any {
                bits.iter().any(|b| *b)
            } else {
                bits.iter().all(|b| *b)
            })]
        }
        AluOp::Pack64_2x32 => vec![mask(comp(0, 0), 32) | (comp(0, 1) << 32)],
        AluOp::Unpack64_2x32 => vec![mask(comp(0, 0), 32), comp(0, 0) >> 32],
        // Square-matrix opcodes (issue 6): in f64, by Laplace expansion (row r, column c
        // is component r of source c).
        _ if op.matrix_op().is_some() => {
            let (n, col) = op.matrix_op().unwrap();
            let n = usize::from(n);
            let b = srcs[0].1;
            let a: Vec<Vec<f64>> = (0..n)
                .map(|r| (0..n).map(|c| fget(comp(c, r), b)).collect())
                .collect();
            let d = laplace(&a);
            match col {
                None => vec![fput(d, db)],
                Some(j) => (0..n)
                    .map(|i| {
                        let sign = if (i + usize::from(j)) % 2 == 0 {
                            1.0
                        } else {
                            -1.0
                        };
                        fput(sign * laplace(&minor_of(&a, usize::from(j), i)) / d, db)
                    })
                    .collect(),
            }
        }
        other => panic!("the test evaluator does not know {other:?}"),
    }
}

/// `a` without row `r` and column `c`.
fn minor_of(a: &[Vec<f64>], r: usize, c: usize) -> Vec<Vec<f64>> {
    a.iter()
        .enumerate()
        .filter(|(i, _)| *i != r)
        .map(|(_, row)| {
            row.iter()
                .enumerate()
                .filter(|(j, _)| *j != c)
                .map(|(_, x)| *x)
                .collect()
        })
        .collect()
}

/// The determinant by Laplace expansion along the first row.
fn laplace(a: &[Vec<f64>]) -> f64 {
    if a.len() == 1 {
        return a[0][0];
    }
    (0..a.len())
        .map(|c| {
            let s = if c % 2 == 0 { 1.0 } else { -1.0 };
            s * a[0][c] * laplace(&minor_of(a, 0, c))
        })
        .sum()
}

/// One component of a per-component operation.
fn scalar(op: AluOp, sb: u8, db: u8, s: &[u64]) -> u64 {
    let f = |i: usize| fget(s[i], sb);
    let fr = |x: f64| fput(x, db);
    let i = |k: usize| sext(s[k], sb);
    let u = |k: usize| mask(s[k], sb);
    let b = |x: bool| u64::from(x);
    match op {
        AluOp::Mov => s[0],
        AluOp::Bcsel => {
            if s[0] != 0 {
                s[1]
            } else {
                s[2]
            }
        }
        AluOp::Fneg => fr(-f(0)),
        AluOp::Fabs => fr(f(0).abs()),
        AluOp::Fsat => fr(f(0).clamp(0.0, 1.0)),
        AluOp::Fsign => fr(if f(0) > 0.0 {
            1.0
        } else if f(0) < 0.0 {
            -1.0
        } else {
            0.0
        }),
        AluOp::Ffloor => fr(f(0).floor()),
        AluOp::Ftrunc => fr(f(0).trunc()),
        AluOp::Fadd => fr(f(0) + f(1)),
        AluOp::Fsub => fr(f(0) - f(1)),
        AluOp::Fmul => fr(f(0) * f(1)),
        AluOp::Fdiv => fr(f(0) / f(1)),
        AluOp::Fmod => fr(f(0) - f(1) * (f(0) / f(1)).floor()),
        AluOp::Fsqrt => fr(f(0).sqrt()),
        AluOp::Frsq => fr(1.0 / f(0).sqrt()),
        AluOp::Fmin => fr(f(0).min(f(1))),
        AluOp::Fmax => fr(f(0).max(f(1))),
        AluOp::Flt => b(f(0) < f(1)),
        AluOp::Fge => b(f(0) >= f(1)),
        AluOp::Feq => b(f(0) == f(1)),
        AluOp::Fneu => b(f(0) != f(1)),
        AluOp::Ilt => b(i(0) < i(1)),
        AluOp::Ige => b(i(0) >= i(1)),
        AluOp::Ult => b(u(0) < u(1)),
        AluOp::Uge => b(u(0) >= u(1)),
        AluOp::Ieq => b(u(0) == u(1)),
        AluOp::Ine => b(u(0) != u(1)),
        AluOp::Iadd => u(0).wrapping_add(u(1)),
        AluOp::Isub => u(0).wrapping_sub(u(1)),
        AluOp::Imul => u(0).wrapping_mul(u(1)),
        AluOp::Ineg => u(0).wrapping_neg(),
        AluOp::Imin => i(0).min(i(1)) as u64,
        AluOp::Imax => i(0).max(i(1)) as u64,
        AluOp::Umin => u(0).min(u(1)),
        AluOp::Umax => u(0).max(u(1)),
        AluOp::Ishl => u(0) << (mask(s[1], 32) % u64::from(sb)),
        AluOp::Ishr => (i(0) >> (mask(s[1], 32) % u64::from(sb))) as u64,
        AluOp::Ushr => u(0) >> (mask(s[1], 32) % u64::from(sb)),
        AluOp::Iand => s[0] & s[1],
        AluOp::Ior => s[0] | s[1],
        AluOp::Ixor => s[0] ^ s[1],
        AluOp::Inot => !s[0],
        AluOp::BitCount => u64::from(u(0).count_ones()),
        AluOp::FindLsb => {
            if u(0) == 0 {
                u64::MAX
            } else {
                u64::from(u(0).trailing_zeros())
            }
        }
        AluOp::UfindMsb => {
            if u(0) == 0 {
                u64::MAX
            } else {
                u64::from(63 - u(0).leading_zeros())
            }
        }
        AluOp::UaddCarry => b(mask(u(0).wrapping_add(u(1)), sb) < u(0)),
        AluOp::UsubBorrow => b(u(0) < u(1)),
        AluOp::UmulHigh => ((u128::from(u(0)) * u128::from(u(1))) >> sb) as u64,
        AluOp::ImulHigh => ((i128::from(i(0)) * i128::from(i(1))) >> sb) as u64,
        AluOp::I2i => sext(s[0], sb) as u64,
        AluOp::U2u => mask(s[0], sb),
        AluOp::F2f => fr(f(0)),
        other => panic!("the test evaluator does not know {other:?}"),
    }
}

fn close(a: &[f64], b: &[f64], tol: f64) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| (x - y).abs() <= tol * (1.0 + y.abs()))
}

fn assert_close(a: &[f64], b: &[f64], tol: f64) {
    assert!(close(a, b, tol), "got {a:?}, expected {b:?}");
}

// ---------------------------------------------------------------------------------------
// Common, angle and exponential functions

fn frag(decls: &str, body: &str) -> String {
    format!("#version 460\n{decls}\nvoid main() {{ {body} }}\n")
}

#[test]
fn unary_float_functions_are_single_ops() {
    for (name, op) in [
        ("sin", AluOp::Fsin),
        ("acosh", AluOp::Facosh),
        ("exp2", AluOp::Fexp2),
        ("inversesqrt", AluOp::Frsq),
        ("floor", AluOp::Ffloor),
        ("roundEven", AluOp::FroundEven),
        ("round", AluOp::FroundEven),
        ("fract", AluOp::Ffract),
        ("abs", AluOp::Fabs),
        ("isnan", AluOp::Fisnan),
    ] {
        let src = frag(
            "uniform vec3 x; out vec4 o;",
            &format!("o.xyz = vec3({name}(x));"),
        );
        let l = lower_ok("a.frag", &src, &[("x", V::F(vec![1.0, 2.0, 3.0]))]);
        assert_eq!(l.alu_ops(), vec![op], "{name}");
        assert_eq!(l.func().values[l.value()].num_components, 3);
    }
    // Integer forms pick the integer operations.
    let src = frag("uniform ivec2 x; out vec4 o;", "o.xy = vec2(abs(x));");
    let l = lower_ok("a.frag", &src, &[("x", V::I(vec![-3, 4]))]);
    assert_eq!(l.alu_ops(), vec![AluOp::Iabs]);
}

#[test]
fn radians_degrees_and_atan() {
    let src = frag("uniform float x; out vec4 o;", "o.x = radians(x);");
    let l = lower_ok("a.frag", &src, &[("x", V::F(vec![180.0]))]);
    assert_close(&l.eval_f(), &[std::f64::consts::PI], 1e-6);
    let src = frag("uniform float x; out vec4 o;", "o.x = degrees(x);");
    let l = lower_ok("a.frag", &src, &[("x", V::F(vec![std::f32::consts::PI]))]);
    assert_close(&l.eval_f(), &[180.0], 1e-6);
    let src = frag(
        "uniform vec2 y; uniform vec2 x; out vec4 o;",
        "o.xy = atan(y, x);",
    );
    let l = lower_ok(
        "a.frag",
        &src,
        &[("y", V::F(vec![1.0, 2.0])), ("x", V::F(vec![-1.0, 3.0]))],
    );
    assert_eq!(l.alu_ops(), vec![AluOp::Fatan2]);
}

#[test]
fn mod_modf_and_clamp() {
    let src = frag(
        "uniform vec2 x; uniform float y; out vec4 o;",
        "o.xy = mod(x, y);",
    );
    let l = lower_ok(
        "a.frag",
        &src,
        &[("x", V::F(vec![-1.5, 5.5])), ("y", V::F(vec![1.0]))],
    );
    assert_close(&l.eval_f(), &[0.5, 0.5], 0.0);
    // The scalar operand is broadcast.
    let f = l.func();
    let a = l
        .instrs()
        .into_iter()
        .find_map(|k| match k {
            InstrKind::Alu(a) if a.op == AluOp::Fmod => Some(a.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(f.values[a.dest].num_components, 2);
    assert_eq!(a.srcs[1].swizzle, [0, 0, 0, 0]);

    let src = frag("uniform vec2 x; vec2 w; out vec4 o;", "o.xy = modf(x, w);");
    let l = lower_ok("a.frag", &src, &[("x", V::F(vec![-2.5, 3.25]))]);
    let ev = l.eval();
    let frac: Vec<f64> = ev.vals[&l.value()].iter().map(|b| fget(*b, 32)).collect();
    let whole: Vec<f64> = l.out(&ev, 1).iter().map(|b| fget(*b, 32)).collect();
    assert_close(&frac, &[-0.5, 0.25], 0.0);
    assert_close(&whole, &[-2.0, 3.0], 0.0);

    let src = frag(
        "uniform uvec2 x; uniform uint lo; uniform uint hi; out uvec4 o;",
        "o.xy = clamp(x, lo, hi);",
    );
    let l = lower_ok(
        "a.frag",
        &src,
        &[
            ("x", V::U(vec![0x8000_0000, 1])),
            ("lo", V::U(vec![2])),
            ("hi", V::U(vec![0x9000_0000])),
        ],
    );
    // Unsigned comparisons: 0x80000000 is large, not negative.
    assert_eq!(l.eval_result(), vec![0x8000_0000, 2]);
    assert_eq!(l.alu_ops(), vec![AluOp::Umax, AluOp::Umin]);
}

#[test]
fn mix_step_smoothstep_fma() {
    let src = frag(
        "uniform vec2 x; uniform vec2 y; uniform bvec2 a; out vec4 o;",
        "o.xy = mix(x, y, a);",
    );
    let l = lower_ok(
        "a.frag",
        &src,
        &[
            ("x", V::F(vec![1.0, 2.0])),
            ("y", V::F(vec![3.0, 4.0])),
            ("a", V::B(vec![true, false])),
        ],
    );
    assert_close(&l.eval_f(), &[3.0, 2.0], 0.0);

    let src = frag(
        "uniform vec2 x; uniform vec2 y; uniform float a; out vec4 o;",
        "o.xy = mix(x, y, a);",
    );
    let l = lower_ok(
        "a.frag",
        &src,
        &[
            ("x", V::F(vec![1.0, 2.0])),
            ("y", V::F(vec![3.0, 4.0])),
            ("a", V::F(vec![0.5])),
        ],
    );
    assert_eq!(l.alu_ops(), vec![AluOp::Flrp]);

    let src = frag(
        "uniform float e0; uniform float e1; uniform vec4 x; out vec4 o;",
        "o = smoothstep(e0, e1, x);",
    );
    let l = lower_ok(
        "a.frag",
        &src,
        &[
            ("e0", V::F(vec![1.0])),
            ("e1", V::F(vec![3.0])),
            ("x", V::F(vec![0.0, 1.5, 2.0, 4.0])),
        ],
    );
    let expect: Vec<f64> = [0.0f64, 1.5, 2.0, 4.0]
        .iter()
        .map(|x| {
            let t = ((x - 1.0) / 2.0).clamp(0.0, 1.0);
            t * t * (3.0 - 2.0 * t)
        })
        .collect();
    assert_close(&l.eval_f(), &expect, 1e-6);

    let src = frag(
        "uniform float e; uniform vec2 x; out vec4 o;",
        "o.xy = step(e, x);",
    );
    let l = lower_ok(
        "a.frag",
        &src,
        &[("e", V::F(vec![1.0])), ("x", V::F(vec![0.0, 2.0]))],
    );
    assert_eq!(l.alu_ops(), vec![AluOp::Fstep]);

    let src = frag(
        "uniform float a; uniform float b; uniform float c; out vec4 o;",
        "o.x = fma(a, b, c);",
    );
    let l = lower_ok(
        "a.frag",
        &src,
        &[
            ("a", V::F(vec![1.0])),
            ("b", V::F(vec![2.0])),
            ("c", V::F(vec![3.0])),
        ],
    );
    assert_eq!(l.alu_ops(), vec![AluOp::Ffma]);
}

#[test]
fn frexp_ldexp_and_bit_casts() {
    let src = frag(
        "uniform vec2 x; ivec2 e; out vec4 o;",
        "o.xy = frexp(x, e);",
    );
    let l = lower_ok("a.frag", &src, &[("x", V::F(vec![8.0, 0.75]))]);
    let ops = l.alu_ops();
    assert!(
        ops.contains(&AluOp::FrexpSig) && ops.contains(&AluOp::FrexpExp),
        "{ops:?}"
    );
    let st = l
        .intrinsics()
        .into_iter()
        .find(|i| i.op == Intrinsic::StoreDeref)
        .expect("the exponent is stored");
    assert_eq!(st.srcs[0], l.out_derefs[&1]);
    assert_eq!(st.index(IndexKind::WriteMask), Some(0b11));

    let src = frag(
        "uniform vec2 x; uniform ivec2 e; out vec4 o;",
        "o.xy = ldexp(x, e);",
    );
    let l = lower_ok(
        "a.frag",
        &src,
        &[("x", V::F(vec![1.0, 2.0])), ("e", V::I(vec![3, -1]))],
    );
    assert_eq!(l.alu_ops(), vec![AluOp::Ldexp]);

    // Bit casts are the value itself (values are typeless).
    let src = frag("uniform vec3 x; out ivec4 o;", "o.xyz = floatBitsToInt(x);");
    let l = lower_ok("a.frag", &src, &[("x", V::F(vec![1.0, -2.0, 0.5]))]);
    assert!(l.alu_ops().is_empty());
    assert_eq!(
        l.eval_result(),
        vec![
            u64::from(1.0f32.to_bits()),
            u64::from((-2.0f32).to_bits()),
            u64::from(0.5f32.to_bits())
        ]
    );
}

// ---------------------------------------------------------------------------------------
// Geometric

#[test]
fn geometric_functions_follow_the_specification() {
    let v3 = |a: f32, b: f32, c: f32| V::F(vec![a, b, c]);
    let src = frag(
        "uniform vec3 x; uniform vec3 y; out vec4 o;",
        "o.x = distance(x, y);",
    );
    let l = lower_ok(
        "a.frag",
        &src,
        &[("x", v3(1.0, 2.0, 3.0)), ("y", v3(4.0, 6.0, 3.0))],
    );
    assert_close(&l.eval_f(), &[5.0], 1e-6);

    let src = frag(
        "uniform vec3 x; uniform vec3 y; out vec4 o;",
        "o.xyz = cross(x, y);",
    );
    let l = lower_ok(
        "a.frag",
        &src,
        &[("x", v3(1.0, 2.0, 3.0)), ("y", v3(4.0, 5.0, 6.0))],
    );
    assert_close(&l.eval_f(), &[-3.0, 6.0, -3.0], 0.0);

    let src = frag("uniform vec3 x; out vec4 o;", "o.xyz = normalize(x);");
    let l = lower_ok("a.frag", &src, &[("x", v3(3.0, 0.0, 4.0))]);
    assert_close(&l.eval_f(), &[0.6, 0.0, 0.8], 1e-6);

    let src = frag("uniform float x; out vec4 o;", "o.x = length(x);");
    let l = lower_ok("a.frag", &src, &[("x", V::F(vec![-2.0]))]);
    assert_close(&l.eval_f(), &[2.0], 0.0);

    let src = frag(
        "uniform vec2 n; uniform vec2 i; uniform vec2 r; out vec4 o;",
        "o.xy = faceforward(n, i, r);",
    );
    let l = lower_ok(
        "a.frag",
        &src,
        &[
            ("n", V::F(vec![0.0, 1.0])),
            ("i", V::F(vec![0.0, 1.0])),
            ("r", V::F(vec![0.0, 1.0])),
        ],
    );
    assert_close(&l.eval_f(), &[0.0, -1.0], 0.0);

    let src = frag(
        "uniform vec2 i; uniform vec2 n; out vec4 o;",
        "o.xy = reflect(i, n);",
    );
    let l = lower_ok(
        "a.frag",
        &src,
        &[("i", V::F(vec![1.0, -1.0])), ("n", V::F(vec![0.0, 1.0]))],
    );
    assert_close(&l.eval_f(), &[1.0, 1.0], 0.0);

    // refract: the specification's formula, and zero on total internal reflection.
    let src = frag(
        "uniform vec3 i; uniform vec3 n; uniform float eta; out vec4 o;",
        "o.xyz = refract(i, n, eta);",
    );
    let (ix, iy) = (0.6f64, -0.8f64);
    let eta = 0.9f64;
    let l = lower_ok(
        "a.frag",
        &src,
        &[
            ("i", v3(0.6, -0.8, 0.0)),
            ("n", v3(0.0, 1.0, 0.0)),
            ("eta", V::F(vec![0.9])),
        ],
    );
    let d = iy;
    let k = 1.0 - eta * eta * (1.0 - d * d);
    let f = eta * d + k.sqrt();
    assert_close(&l.eval_f(), &[eta * ix, eta * iy - f, 0.0], 1e-6);
    let l = lower_ok(
        "a.frag",
        &src,
        &[
            ("i", v3(0.99, -0.141, 0.0)),
            ("n", v3(0.0, 1.0, 0.0)),
            ("eta", V::F(vec![1.5])),
        ],
    );
    assert_close(&l.eval_f(), &[0.0, 0.0, 0.0], 0.0);
}

// ---------------------------------------------------------------------------------------
// Matrix

fn mat_mul(a: &[Vec<f64>], b: &[Vec<f64>]) -> Vec<Vec<f64>> {
    // Column-major: (a * b)[c][r] = sum_k a[k][r] * b[c][k].
    let n = a.len();
    (0..n)
        .map(|c| {
            (0..n)
                .map(|r| (0..n).map(|k| a[k][r] * b[c][k]).sum())
                .collect()
        })
        .collect()
}

#[test]
fn determinant_and_inverse() {
    let m3 = vec![
        vec![2.0f32, 0.0, 1.0],
        vec![1.0, 3.0, 2.0],
        vec![1.0, 1.0, 1.0],
    ];
    let src = frag("uniform mat3 m; out vec4 o;", "o.x = determinant(m);");
    let l = lower_ok("a.frag", &src, &[("m", V::M(m3.clone()))]);
    // det of the row-major transpose is the same: 2(3-2) - 1(1-1) + 1(2-3) ... computed:
    let a: Vec<Vec<f64>> = m3
        .iter()
        .map(|c| c.iter().map(|x| f64::from(*x)).collect())
        .collect();
    let det = a[0][0] * (a[1][1] * a[2][2] - a[2][1] * a[1][2])
        - a[1][0] * (a[0][1] * a[2][2] - a[2][1] * a[0][2])
        + a[2][0] * (a[0][1] * a[1][2] - a[1][1] * a[0][2]);
    assert_close(&l.eval_f(), &[det], 1e-6);

    let m4 = vec![
        vec![4.0f32, 0.0, 1.0, 2.0],
        vec![1.0, 3.0, 0.0, 1.0],
        vec![0.0, 2.0, 5.0, 1.0],
        vec![1.0, 1.0, 1.0, 6.0],
    ];
    let src = frag("uniform mat4 m; mat4 o;", "o = inverse(m);");
    let l = lower_ok("a.frag", &src, &[("m", V::M(m4.clone()))]);
    let inv = l.eval_cols();
    let a: Vec<Vec<f64>> = m4
        .iter()
        .map(|c| c.iter().map(|x| f64::from(*x)).collect())
        .collect();
    let p = mat_mul(&a, &inv);
    for (c, col) in p.iter().enumerate() {
        let id: Vec<f64> = (0..4).map(|r| if r == c { 1.0 } else { 0.0 }).collect();
        assert_close(col, &id, 1e-5);
    }

    let m2 = vec![vec![1.0f32, 2.0], vec![3.0, 4.0]];
    let src = frag("uniform mat2 m; mat2 o;", "o = inverse(m);");
    let l = lower_ok("a.frag", &src, &[("m", V::M(m2))]);
    let inv = l.eval_cols();
    assert_close(&inv[0], &[-2.0, 1.0], 1e-6);
    assert_close(&inv[1], &[1.5, -0.5], 1e-6);
}

#[test]
fn transpose_outer_product_comp_mult() {
    let src = frag("uniform mat2x3 m; mat3x2 o;", "o = transpose(m);");
    let l = lower_ok(
        "a.frag",
        &src,
        &[("m", V::M(vec![vec![1.0, 2.0, 3.0], vec![4.0, 5.0, 6.0]]))],
    );
    let t = l.eval_cols();
    assert_eq!(t, vec![vec![1.0, 4.0], vec![2.0, 5.0], vec![3.0, 6.0]]);

    let src = frag(
        "uniform vec3 c; uniform vec2 r; mat2x3 o;",
        "o = outerProduct(c, r);",
    );
    let l = lower_ok(
        "a.frag",
        &src,
        &[
            ("c", V::F(vec![1.0, 2.0, 3.0])),
            ("r", V::F(vec![10.0, 100.0])),
        ],
    );
    assert_eq!(
        l.eval_cols(),
        vec![vec![10.0, 20.0, 30.0], vec![100.0, 200.0, 300.0]]
    );

    let src = frag(
        "uniform mat2 a; uniform mat2 b; mat2 o;",
        "o = matrixCompMult(a, b);",
    );
    let l = lower_ok(
        "a.frag",
        &src,
        &[
            ("a", V::M(vec![vec![1.0, 2.0], vec![3.0, 4.0]])),
            ("b", V::M(vec![vec![5.0, 6.0], vec![7.0, 8.0]])),
        ],
    );
    assert_eq!(l.eval_cols(), vec![vec![5.0, 12.0], vec![21.0, 32.0]]);
}

// ---------------------------------------------------------------------------------------
// Vector relational

#[test]
fn comparisons_pick_the_type_and_order() {
    let src = frag(
        "uniform uvec2 a; uniform uvec2 b; out vec4 o;",
        "o.xy = vec2(lessThanEqual(a, b));",
    );
    let l = lower_ok(
        "a.frag",
        &src,
        &[("a", V::U(vec![0xffff_ffff, 1])), ("b", V::U(vec![1, 1]))],
    );
    assert_eq!(l.alu_ops(), vec![AluOp::Uge]);
    assert_eq!(l.eval_result(), vec![0, 1]);

    let src = frag(
        "uniform ivec3 a; uniform ivec3 b; out vec4 o;",
        "o.xyz = vec3(greaterThan(a, b));",
    );
    let l = lower_ok(
        "a.frag",
        &src,
        &[("a", V::I(vec![-1, 2, 3])), ("b", V::I(vec![0, 2, -5]))],
    );
    assert_eq!(l.eval_result(), vec![0, 0, 1]);

    let src = frag(
        "uniform bvec2 a; uniform bvec2 b; out vec4 o;",
        "o.xy = vec2(notEqual(a, b));",
    );
    let l = lower_ok(
        "a.frag",
        &src,
        &[
            ("a", V::B(vec![true, false])),
            ("b", V::B(vec![true, true])),
        ],
    );
    assert_eq!(l.alu_ops(), vec![AluOp::Ine]);
    assert_eq!(l.eval_result(), vec![0, 1]);

    let src = frag("uniform bvec3 a; out vec4 o;", "o.x = float(all(a));");
    let l = lower_ok("a.frag", &src, &[("a", V::B(vec![true, true, false]))]);
    assert_eq!(l.alu_ops(), vec![AluOp::Ball3]);
    assert_eq!(l.eval_result(), vec![0]);
}

// ---------------------------------------------------------------------------------------
// Integer

#[test]
fn carries_borrows_and_extended_multiplication() {
    let src = frag(
        "uniform uvec2 x; uniform uvec2 y; uvec2 c; out uvec4 o;",
        "o.xy = uaddCarry(x, y, c);",
    );
    let l = lower_ok(
        "a.frag",
        &src,
        &[("x", V::U(vec![0xffff_ffff, 5])), ("y", V::U(vec![2, 6]))],
    );
    let ev = l.eval();
    assert_eq!(ev.vals[&l.value()], vec![1, 11]);
    assert_eq!(l.out(&ev, 2), vec![1, 0]);

    let src = frag(
        "uniform uint x; uniform uint y; uint c; out uvec4 o;",
        "o.x = usubBorrow(x, y, c);",
    );
    let l = lower_ok(
        "a.frag",
        &src,
        &[("x", V::U(vec![1])), ("y", V::U(vec![2]))],
    );
    let ev = l.eval();
    assert_eq!(ev.vals[&l.value()], vec![0xffff_ffff]);
    assert_eq!(l.out(&ev, 2), vec![1]);

    let src = frag(
        "uniform uint x; uniform uint y; uint hi; uint lo;",
        "umulExtended(x, y, hi, lo);",
    );
    let l = lower_ok(
        "a.frag",
        &src,
        &[
            ("x", V::U(vec![0xffff_ffff])),
            ("y", V::U(vec![0xffff_ffff])),
        ],
    );
    assert!(l.result.is_none());
    let ev = l.eval();
    assert_eq!(l.out(&ev, 2), vec![0xffff_fffe]);
    assert_eq!(l.out(&ev, 3), vec![1]);

    let src = frag(
        "uniform int x; uniform int y; int hi; int lo;",
        "imulExtended(x, y, hi, lo);",
    );
    let l = lower_ok(
        "a.frag",
        &src,
        &[("x", V::I(vec![-1])), ("y", V::I(vec![5]))],
    );
    let ev = l.eval();
    assert_eq!(l.out(&ev, 2), vec![0xffff_ffff]);
    assert_eq!(l.out(&ev, 3), vec![(-5i32) as u32 as u64]);
}

#[test]
fn bitfield_operations() {
    let src = frag(
        "uniform ivec2 v; uniform int off; uniform int bits; out ivec4 o;",
        "o.xy = bitfieldExtract(v, off, bits);",
    );
    let l = lower_ok(
        "a.frag",
        &src,
        &[
            ("v", V::I(vec![1, 2])),
            ("off", V::I(vec![0])),
            ("bits", V::I(vec![1])),
        ],
    );
    assert_eq!(l.alu_ops(), vec![AluOp::IbitfieldExtract]);
    let src = frag(
        "uniform uint b; uniform uint i; uniform int off; uniform int bits; out uvec4 o;",
        "o.x = bitfieldInsert(b, i, off, bits);",
    );
    let l = lower_ok(
        "a.frag",
        &src,
        &[
            ("b", V::U(vec![1])),
            ("i", V::U(vec![2])),
            ("off", V::I(vec![0])),
            ("bits", V::I(vec![1])),
        ],
    );
    assert_eq!(l.alu_ops(), vec![AluOp::BitfieldInsert]);
    for (f, op) in [
        ("bitCount", AluOp::BitCount),
        ("findLSB", AluOp::FindLsb),
        ("bitfieldReverse", AluOp::BitfieldReverse),
    ] {
        let src = frag(
            "uniform uvec2 v; out ivec4 o;",
            &format!("o.xy = ivec2({f}(v));"),
        );
        let l = lower_ok("a.frag", &src, &[("v", V::U(vec![6, 0]))]);
        assert_eq!(l.alu_ops(), vec![op], "{f}");
    }
    let src = frag("uniform int v; out ivec4 o;", "o.x = findMSB(v);");
    let l = lower_ok("a.frag", &src, &[("v", V::I(vec![-5]))]);
    assert_eq!(l.alu_ops(), vec![AluOp::IfindMsb]);
}

/// Result type, function, first and second operands, expected bit patterns.
type IntCase = (&'static str, &'static str, Vec<i32>, Vec<i32>, Vec<u32>);

fn intel(decls: &str, body: &str) -> String {
    format!("#version 460\n#extension GL_INTEL_shader_integer_functions2 : require\n{decls}\nvoid main() {{ {body} }}\n")
}

#[test]
fn intel_integer_functions_wrap_and_saturate_exactly() {
    let cases: &[IntCase] = &[
        (
            "ivec4",
            "addSaturate",
            vec![i32::MAX, i32::MIN, -5, 7],
            vec![1, -1, 3, -9],
            vec![
                i32::MAX as u32,
                i32::MIN as u32,
                (-2i32) as u32,
                (-2i32) as u32,
            ],
        ),
        (
            "ivec4",
            "subtractSaturate",
            vec![i32::MIN, i32::MAX, -5, 0],
            vec![1, -1, 3, i32::MIN],
            vec![
                i32::MIN as u32,
                i32::MAX as u32,
                (-8i32) as u32,
                i32::MAX as u32,
            ],
        ),
        (
            "ivec4",
            "average",
            vec![-1, 3, i32::MAX, -7],
            vec![0, 4, i32::MAX, -8],
            vec![(-1i32) as u32, 3, i32::MAX as u32, (-8i32) as u32],
        ),
        (
            "ivec4",
            "averageRounded",
            vec![-1, 3, i32::MAX, -7],
            vec![0, 4, i32::MAX, -8],
            vec![0, 4, i32::MAX as u32, (-7i32) as u32],
        ),
        (
            "uvec4",
            "absoluteDifference",
            vec![i32::MIN, 3, 10, -1],
            vec![i32::MAX, 10, 3, 1],
            vec![0xffff_ffff, 7, 7, 2],
        ),
    ];
    for (ty, f, a, b, want) in cases {
        let src = intel(
            &format!("uniform ivec4 a; uniform ivec4 b; out {ty} o;"),
            &format!("o = {f}(a, b);"),
        );
        let l = lower_ok(
            "a.frag",
            &src,
            &[("a", V::I(a.clone())), ("b", V::I(b.clone()))],
        );
        let want: Vec<u64> = want.iter().map(|x| u64::from(*x)).collect();
        assert_eq!(l.eval_result(), want, "{f}");
    }
    let src = intel(
        "uniform uvec4 a; uniform uvec4 b; out uvec4 o;",
        "o = addSaturate(a, b);",
    );
    let l = lower_ok(
        "a.frag",
        &src,
        &[
            ("a", V::U(vec![0xffff_fff0, 1, 0, 5])),
            ("b", V::U(vec![0x20, 2, 0, 0xffff_fffa])),
        ],
    );
    assert_eq!(l.eval_result(), vec![0xffff_ffff, 3, 0, 0xffff_ffff]);
    let src = intel(
        "uniform uvec4 a; uniform uvec4 b; out uvec4 o;",
        "o = subtractSaturate(a, b);",
    );
    let l = lower_ok(
        "a.frag",
        &src,
        &[
            ("a", V::U(vec![1, 5, 0, 0xffff_ffff])),
            ("b", V::U(vec![2, 5, 0, 1])),
        ],
    );
    assert_eq!(l.eval_result(), vec![0, 0, 0, 0xffff_fffe]);
    let src = intel("uniform uvec4 a; out uvec4 o;", "o = countLeadingZeros(a);");
    let l = lower_ok(
        "a.frag",
        &src,
        &[("a", V::U(vec![0, 1, 0x8000_0000, 0x10]))],
    );
    assert_eq!(l.eval_result(), vec![32, 31, 0, 27]);
    let src = intel(
        "uniform uvec4 a; out uvec4 o;",
        "o = countTrailingZeros(a);",
    );
    let l = lower_ok(
        "a.frag",
        &src,
        &[("a", V::U(vec![0, 1, 0x8000_0000, 0x10]))],
    );
    assert_eq!(l.eval_result(), vec![32, 0, 31, 4]);
    let src = intel(
        "uniform ivec2 a; uniform ivec2 b; out ivec2 o;",
        "o = multiply32x16(a, b);",
    );
    let l = lower_ok(
        "a.frag",
        &src,
        &[
            ("a", V::I(vec![3, -2])),
            ("b", V::I(vec![0x1_0005, 0xffff])),
        ],
    );
    assert_eq!(l.eval_result(), vec![15, 2]);
}

#[test]
fn integer_dot_products() {
    let src = "#version 460\n#extension GL_EXT_integer_dot_product : require\nuniform int a; uniform uint b; out int o;\nvoid main() { o = dotPacked4x8EXT(a, b); }\n";
    // a = bytes (-1, 2, -3, 4) signed, b = (5, 6, 7, 255) unsigned.
    let a = u32::from_le_bytes([0xff, 2, 0xfd, 4]) as i32;
    let b = u32::from_le_bytes([5, 6, 7, 255]);
    let l = lower_ok("a.frag", src, &[("a", V::I(vec![a])), ("b", V::U(vec![b]))]);
    assert_eq!(
        l.eval_result(),
        vec![u64::from((-5 + 12 - 21 + 1020i32) as u32)]
    );
    let src = "#version 460\n#extension GL_EXT_integer_dot_product : require\nuniform ivec2 a; uniform ivec2 b; uniform int c; out int o;\nvoid main() { o = dotAccSatEXT(a, b, c); }\n";
    let l = lower_ok(
        "a.frag",
        src,
        &[
            ("a", V::I(vec![2, 3])),
            ("b", V::I(vec![4, 5])),
            ("c", V::I(vec![i32::MAX - 10])),
        ],
    );
    assert_eq!(l.eval_result(), vec![i32::MAX as u64]);
}

// ---------------------------------------------------------------------------------------
// Packing

#[test]
fn packing() {
    let src = frag("uniform vec2 v; out uvec4 o;", "o.x = packUnorm2x16(v);");
    let l = lower_ok("a.frag", &src, &[("v", V::F(vec![0.0, 1.0]))]);
    assert_eq!(l.alu_ops(), vec![AluOp::PackUnorm2x16]);
    let src = frag("uniform uint v; out vec4 o;", "o.xy = unpackHalf2x16(v);");
    let l = lower_ok("a.frag", &src, &[("v", V::U(vec![0]))]);
    assert_eq!(l.alu_ops(), vec![AluOp::UnpackHalf2x16]);
    let src = "#version 460\nuniform uvec2 v; double d;\nvoid main() { d = packDouble2x32(v); }\n";
    let l = lower_ok("a.frag", src, &[("v", V::U(vec![1, 2]))]);
    assert_eq!(l.alu_ops(), vec![AluOp::Pack64_2x32]);
    assert_eq!(l.eval_result(), vec![(2u64 << 32) | 1]);
    let src = "#version 460\n#extension GL_EXT_shader_explicit_arithmetic_types : require\nuniform uint v; u8vec4 o;\nvoid main() { o = unpack8(v); }\n";
    let l = lower_ok("a.frag", src, &[("v", V::U(vec![0x0403_0201]))]);
    assert_eq!(l.eval_result(), vec![1, 2, 3, 4]);
    assert_eq!(l.func().values[l.value()].bit_size, 8);
    let src = "#version 460\n#extension GL_ARB_gpu_shader_int64 : require\nuniform uvec2 v; uint64_t o;\nvoid main() { o = packUint2x32(v); }\n";
    let l = lower_ok(
        "a.frag",
        src,
        &[("v", V::U(vec![0x1234_5678, 0x9abc_def0]))],
    );
    assert_eq!(l.eval_result(), vec![0x9abc_def0_1234_5678]);
}

// ---------------------------------------------------------------------------------------
// Textures

fn srcs_of(t: &Tex) -> Vec<TexSrc> {
    t.srcs.iter().map(|(k, _)| *k).collect()
}

fn one_tex(file: &str, src: &str, inputs: &[(&str, V)]) -> (Lowered, Tex) {
    let l = lower_ok(file, src, inputs);
    let t = l.texes();
    assert_eq!(t.len(), 1, "{src}");
    let t = t[0].clone();
    (l, t)
}

#[test]
fn texture_sampling_forms() {
    let uv = ("uv", V::F(vec![0.5, 0.5]));
    let src = frag(
        "uniform sampler2D s; uniform vec2 uv; out vec4 o;",
        "o = texture(s, uv);",
    );
    let (l, t) = one_tex("a.frag", &src, std::slice::from_ref(&uv));
    assert_eq!(t.op, TexOp::Tex);
    assert_eq!(srcs_of(&t), vec![TexSrc::TextureDeref, TexSrc::Coord]);
    assert_eq!(t.src(TexSrc::TextureDeref), Some(l.out_derefs[&0]));
    assert_eq!(l.func().values[t.dest].num_components, 4);
    assert_eq!(t.dest_base, BaseType::Float);

    let src = frag(
        "uniform isampler2D s; uniform vec2 uv; uniform float b; out ivec4 o;",
        "o = texture(s, uv, b);",
    );
    let (_, t) = one_tex("a.frag", &src, &[uv.clone(), ("b", V::F(vec![1.0]))]);
    assert_eq!(t.op, TexOp::Txb);
    assert_eq!(t.dest_base, BaseType::Int);
    assert!(srcs_of(&t).contains(&TexSrc::Bias));

    // In a vertex shader implicit LOD is LOD 0.
    let src = frag(
        "uniform sampler2D s; uniform vec2 uv; out vec4 o;",
        "o = texture(s, uv);",
    );
    let (_, t) = one_tex("a.vert", &src, std::slice::from_ref(&uv));
    assert_eq!(t.op, TexOp::Txl);
    assert!(srcs_of(&t).contains(&TexSrc::Lod));

    let src = frag(
        "uniform sampler2DArray s; uniform vec3 p; uniform float lod; out vec4 o;",
        "o = textureLodOffset(s, p, lod, ivec2(1, -1));",
    );
    let (l, t) = one_tex(
        "a.frag",
        &src,
        &[("p", V::F(vec![0.5, 0.5, 2.0])), ("lod", V::F(vec![1.0]))],
    );
    assert_eq!(t.op, TexOp::Txl);
    assert!(t.is_array);
    assert_eq!(
        srcs_of(&t),
        vec![
            TexSrc::TextureDeref,
            TexSrc::Coord,
            TexSrc::Lod,
            TexSrc::Offset
        ]
    );
    let coord = t.src(TexSrc::Coord).unwrap();
    assert_eq!(
        l.func().values[coord].num_components,
        3,
        "the layer is the last component"
    );

    let src = frag(
        "uniform samplerCube s; uniform vec3 p; uniform vec3 dx; uniform vec3 dy; out vec4 o;",
        "o = textureGrad(s, p, dx, dy);",
    );
    let (_, t) = one_tex(
        "a.frag",
        &src,
        &[
            ("p", V::F(vec![1.0, 0.0, 0.0])),
            ("dx", V::F(vec![0.0; 3])),
            ("dy", V::F(vec![0.0; 3])),
        ],
    );
    assert_eq!(t.op, TexOp::Txd);
    assert_eq!(
        srcs_of(&t),
        vec![
            TexSrc::TextureDeref,
            TexSrc::Coord,
            TexSrc::Ddx,
            TexSrc::Ddy
        ]
    );
}

#[test]
fn shadow_and_projective_lookups() {
    // sampler2DShadow: the reference is the third component.
    let src = frag(
        "uniform sampler2DShadow s; uniform vec3 p; out vec4 o;",
        "o.x = texture(s, p);",
    );
    let (l, t) = one_tex("a.frag", &src, &[("p", V::F(vec![0.25, 0.75, 0.5]))]);
    assert!(t.is_shadow);
    assert_eq!(l.func().values[t.dest].num_components, 1);
    let ev = l.eval_partial();
    assert_eq!(
        ev[&t.src(TexSrc::Coord).unwrap()],
        vec![u64::from(0.25f32.to_bits()), u64::from(0.75f32.to_bits())]
    );
    assert_eq!(
        ev[&t.src(TexSrc::Comparator).unwrap()],
        vec![u64::from(0.5f32.to_bits())]
    );

    // samplerCubeArrayShadow: the reference is a separate argument.
    let src = frag(
        "uniform samplerCubeArrayShadow s; uniform vec4 p; uniform float r; out vec4 o;",
        "o.x = texture(s, p, r);",
    );
    let (l, t) = one_tex(
        "a.frag",
        &src,
        &[
            ("p", V::F(vec![1.0, 0.0, 0.0, 3.0])),
            ("r", V::F(vec![0.5])),
        ],
    );
    assert_eq!(
        l.func().values[t.src(TexSrc::Coord).unwrap()].num_components,
        4
    );
    assert_eq!(
        l.eval_partial()[&t.src(TexSrc::Comparator).unwrap()],
        vec![u64::from(0.5f32.to_bits())]
    );

    // textureProj divides in ALU: coordinate and reference by q.
    let src = frag(
        "uniform sampler2DShadow s; uniform vec4 p; out vec4 o;",
        "o.x = textureProj(s, p);",
    );
    let (l, t) = one_tex("a.frag", &src, &[("p", V::F(vec![1.0, 2.0, 3.0, 4.0]))]);
    assert!(!srcs_of(&t).contains(&TexSrc::Projector));
    let ev = l.eval_partial();
    let f = |v: &Vec<u64>| v.iter().map(|b| fget(*b, 32)).collect::<Vec<_>>();
    assert_eq!(f(&ev[&t.src(TexSrc::Coord).unwrap()]), vec![0.25, 0.5]);
    assert_eq!(f(&ev[&t.src(TexSrc::Comparator).unwrap()]), vec![0.75]);

    let src = "#version 110\nuniform sampler2D s; uniform vec3 p;\nvoid main() { gl_FragColor = texture2DProj(s, p); }\n";
    let (l, t) = one_tex("a.frag", src, &[("p", V::F(vec![1.0, 2.0, 4.0]))]);
    assert_eq!(
        f(&l.eval_partial()[&t.src(TexSrc::Coord).unwrap()]),
        vec![0.25, 0.5]
    );

    // Legacy shadow2D returns vec4(r, r, r, 1).
    let src = "#version 110\nuniform sampler2DShadow s; uniform vec3 p;\nvoid main() { gl_FragColor = shadow2D(s, p); }\n";
    let (l, t) = one_tex("a.frag", src, &[("p", V::F(vec![0.5, 0.5, 0.5]))]);
    assert!(t.is_shadow);
    assert_eq!(l.func().values[l.value()].num_components, 4);

    // ESSL 1.00 texture2D and textureCube.
    let src = "#version 100\nprecision mediump float;\nuniform samplerCube s; uniform vec3 p;\nvoid main() { gl_FragColor = textureCube(s, p); }\n";
    let (_, t) = one_tex("a.frag", src, &[("p", V::F(vec![1.0, 0.0, 0.0]))]);
    assert_eq!(t.dim, fresnel::ir::SamplerDim::Cube);
}

#[test]
fn fetch_gather_and_queries() {
    let src = frag(
        "uniform sampler2DMS s; uniform ivec2 p; uniform int i; out vec4 o;",
        "o = texelFetch(s, p, i);",
    );
    let (_, t) = one_tex(
        "a.frag",
        &src,
        &[("p", V::I(vec![1, 2])), ("i", V::I(vec![3]))],
    );
    assert_eq!(t.op, TexOp::TxfMs);
    assert_eq!(
        srcs_of(&t),
        vec![TexSrc::TextureDeref, TexSrc::Coord, TexSrc::MsIndex]
    );

    let src = frag(
        "uniform usampler2D s; uniform ivec2 p; uniform int l; out uvec4 o;",
        "o = texelFetchOffset(s, p, l, ivec2(1, 1));",
    );
    let (_, t) = one_tex(
        "a.frag",
        &src,
        &[("p", V::I(vec![1, 2])), ("l", V::I(vec![0]))],
    );
    assert_eq!(t.op, TexOp::Txf);
    assert_eq!(t.dest_base, BaseType::Uint);
    assert_eq!(
        srcs_of(&t),
        vec![
            TexSrc::TextureDeref,
            TexSrc::Coord,
            TexSrc::Lod,
            TexSrc::Offset
        ]
    );

    let src = frag(
        "uniform samplerBuffer s; uniform int p; out vec4 o;",
        "o = texelFetch(s, p);",
    );
    let (_, t) = one_tex("a.frag", &src, &[("p", V::I(vec![7]))]);
    assert_eq!(srcs_of(&t), vec![TexSrc::TextureDeref, TexSrc::Coord]);

    let src = frag(
        "uniform sampler2D s; uniform vec2 p; out vec4 o;",
        "o = textureGather(s, p, 2);",
    );
    let (_, t) = one_tex("a.frag", &src, &[("p", V::F(vec![0.5, 0.5]))]);
    assert_eq!(t.op, TexOp::Tg4);
    assert_eq!(t.component, 2);

    // GL_AMD_texture_gather_bias_lod: the bias after the component is kept.
    let src = frag(
        "uniform sampler2D s; uniform vec2 p; uniform float b; out vec4 o;",
        "o = textureGather(s, p, 1, b);",
    )
    .replacen(
        '\n',
        "\n#extension GL_AMD_texture_gather_bias_lod : require\n",
        1,
    );
    let (_, t) = one_tex(
        "a.frag",
        &src,
        &[("p", V::F(vec![0.5, 0.5])), ("b", V::F(vec![1.0]))],
    );
    assert_eq!(t.op, TexOp::Tg4);
    assert_eq!(t.component, 1);
    assert_eq!(
        srcs_of(&t),
        vec![TexSrc::TextureDeref, TexSrc::Coord, TexSrc::Bias]
    );

    let src = frag(
        "uniform sampler2DShadow s; uniform vec2 p; uniform float r; out vec4 o;",
        "o = textureGatherOffset(s, p, r, ivec2(1, 0));",
    );
    let (l, t) = one_tex(
        "a.frag",
        &src,
        &[("p", V::F(vec![0.5, 0.5])), ("r", V::F(vec![0.5]))],
    );
    assert_eq!(
        srcs_of(&t),
        vec![
            TexSrc::TextureDeref,
            TexSrc::Coord,
            TexSrc::Comparator,
            TexSrc::Offset
        ]
    );
    assert_eq!(l.func().values[t.dest].num_components, 4);

    let src = frag("uniform sampler2D s; uniform vec2 p; const ivec2 offs[4] = ivec2[4](ivec2(0), ivec2(1), ivec2(2), ivec2(3)); out vec4 o;", "o = textureGatherOffsets(s, p, offs);");
    let l = lower_ok("a.frag", &src, &[("p", V::F(vec![0.5, 0.5]))]);
    let t = l.texes();
    // One gather with the four offsets as `OffsetsX` / `OffsetsY` (issue 6).
    assert_eq!(t.len(), 1);
    assert!(t.iter().all(|t| t.op == TexOp::Tg4
        && t.src(TexSrc::Offset).is_none()
        && t.src(TexSrc::OffsetsX).is_some()
        && t.src(TexSrc::OffsetsY).is_some()));

    let src = frag(
        "uniform sampler2DArray s; uniform int l; out ivec4 o;",
        "o.xyz = textureSize(s, l);",
    );
    let (l, t) = one_tex("a.frag", &src, &[("l", V::I(vec![0]))]);
    assert_eq!(t.op, TexOp::Txs);
    assert_eq!(l.func().values[t.dest].num_components, 3);
    assert_eq!(srcs_of(&t), vec![TexSrc::TextureDeref, TexSrc::Lod]);

    let src = frag(
        "uniform sampler2DRect s; out ivec4 o;",
        "o.xy = textureSize(s);",
    );
    let (_, t) = one_tex("a.frag", &src, &[]);
    assert_eq!(srcs_of(&t), vec![TexSrc::TextureDeref]);

    let src = frag(
        "uniform sampler3D s; out ivec4 o;",
        "o.x = textureQueryLevels(s);",
    );
    let (_, t) = one_tex("a.frag", &src, &[]);
    assert_eq!(t.op, TexOp::QueryLevels);

    let src = frag(
        "uniform sampler2DArray s; uniform vec2 p; out vec4 o;",
        "o.xy = textureQueryLod(s, p);",
    );
    let (l, t) = one_tex("a.frag", &src, &[("p", V::F(vec![0.5, 0.5]))]);
    assert_eq!(t.op, TexOp::Lod);
    assert_eq!(l.func().values[t.dest].num_components, 2);

    let src = frag(
        "uniform sampler2DMS s; out ivec4 o;",
        "o.x = textureSamples(s);",
    );
    let (_, t) = one_tex("a.frag", &src, &[]);
    assert_eq!(t.op, TexOp::TextureSamples);
}

impl Lowered {
    /// Evaluates the ALU part of the function, skipping what the evaluator cannot run.
    fn eval_partial(&self) -> HashMap<ValueId, Vec<u64>> {
        let f = self.func();
        let mut ev = Eval {
            vals: HashMap::new(),
            deref_vars: HashMap::new(),
            var_vals: self.var_inputs.clone(),
            stores: HashMap::new(),
        };
        for i in f.instrs_in_order() {
            let k = &f.instrs[i].kind;
            let ready = k.srcs().iter().all(|s| ev.vals.contains_key(s));
            match k {
                InstrKind::Alu(_) | InstrKind::LoadConst { .. } | InstrKind::Deref(_) if ready => {
                    ev.step(f, k)
                }
                InstrKind::Intrinsic(x)
                    if x.op == Intrinsic::LoadDeref
                        && ev
                            .deref_vars
                            .get(&x.srcs[0])
                            .is_some_and(|v| ev.var_vals.contains_key(v)) =>
                {
                    ev.step(f, k)
                }
                _ => {}
            }
        }
        ev.vals
    }
}

// ---------------------------------------------------------------------------------------
// Images, atomics, barriers, geometry, interpolation, derivatives, misc

#[test]
fn images() {
    let src = "#version 460\nlayout(r32ui) uniform uimage2D img; uniform ivec2 p; uniform uint c; uniform uint d; out uvec4 o;\nvoid main() { o.x = imageAtomicCompSwap(img, p, c, d); }\n";
    let l = lower_ok(
        "a.frag",
        src,
        &[
            ("p", V::I(vec![1, 2])),
            ("c", V::U(vec![3])),
            ("d", V::U(vec![4])),
        ],
    );
    let i = l.intrinsics();
    assert_eq!(i.len(), 1);
    assert_eq!(i[0].op, Intrinsic::ImageDerefAtomicSwap);
    assert_eq!(
        i[0].index(IndexKind::Atomic),
        Some(AtomicOp::CmpXchg.index())
    );
    let ev = l.eval_partial();
    // srcs: image, coordinate (padded to 4), sample, new value, compared value.
    assert_eq!(ev[&i[0].srcs[1]], vec![1, 2, 0, 0]);
    assert_eq!(ev[&i[0].srcs[3]], vec![4]);
    assert_eq!(ev[&i[0].srcs[4]], vec![3]);

    let src = "#version 460\nlayout(rgba32f) uniform image2DMS img; uniform ivec2 p; uniform int s; out vec4 o;\nvoid main() { o = imageLoad(img, p, s); }\n";
    let l = lower_ok(
        "a.frag",
        src,
        &[("p", V::I(vec![1, 2])), ("s", V::I(vec![3]))],
    );
    let i = l.intrinsics();
    assert_eq!(i[0].op, Intrinsic::ImageDerefLoad);
    assert_eq!(l.eval_partial()[&i[0].srcs[2]], vec![3]);

    let src = "#version 460\nlayout(rgba32f) writeonly uniform image3D img; uniform ivec3 p; uniform vec4 v;\nvoid main() { imageStore(img, p, v); }\n";
    let l = lower_ok(
        "a.frag",
        src,
        &[("p", V::I(vec![1, 2, 3])), ("v", V::F(vec![1.0; 4]))],
    );
    assert!(l.result.is_none());
    assert_eq!(l.intrinsics()[0].op, Intrinsic::ImageDerefStore);

    let src = "#version 460\nlayout(r32i) uniform iimageBuffer img; uniform int p; uniform int v; out ivec4 o;\nvoid main() { o.x = imageAtomicMin(img, p, v); }\n";
    let l = lower_ok("a.frag", src, &[("p", V::I(vec![1])), ("v", V::I(vec![2]))]);
    assert_eq!(
        l.intrinsics()[0].index(IndexKind::Atomic),
        Some(AtomicOp::Imin.index())
    );

    let src = "#version 460\nlayout(rgba8) readonly uniform image2DArray img; out ivec4 o;\nvoid main() { o.xyz = imageSize(img); }\n";
    let l = lower_ok("a.frag", src, &[]);
    let i = l.intrinsics();
    assert_eq!(i[0].op, Intrinsic::ImageDerefSize);
    assert_eq!(l.func().values[i[0].dest.unwrap()].num_components, 3);
}

#[test]
fn memory_atomics_and_counters() {
    let src = "#version 460\nlayout(local_size_x = 1) in;\nshared uint s; uniform uint d; uniform uint c;\nvoid main() { atomicCompSwap(s, c, d); }\n";
    let l = lower_ok("a.comp", src, &[("d", V::U(vec![7])), ("c", V::U(vec![9]))]);
    let i = l.intrinsics();
    assert_eq!(i[0].op, Intrinsic::DerefAtomicSwap);
    assert_eq!(
        i[0].srcs[0], l.out_derefs[&0],
        "the memory argument's own deref"
    );
    let ev = l.eval_partial();
    assert_eq!(ev[&i[0].srcs[1]], vec![7], "new value first");
    assert_eq!(ev[&i[0].srcs[2]], vec![9]);

    let src = "#version 460\nlayout(local_size_x = 1) in;\nshared int s; uniform int d;\nvoid main() { atomicMax(s, d); }\n";
    let l = lower_ok("a.comp", src, &[("d", V::I(vec![7]))]);
    assert_eq!(
        l.intrinsics()[0].index(IndexKind::Atomic),
        Some(AtomicOp::Imax.index())
    );
    let src = "#version 460\nlayout(local_size_x = 1) in;\nshared uint s; uniform uint d;\nvoid main() { atomicMax(s, d); }\n";
    let l = lower_ok("a.comp", src, &[("d", V::U(vec![7]))]);
    assert_eq!(
        l.intrinsics()[0].index(IndexKind::Atomic),
        Some(AtomicOp::Umax.index())
    );

    let src = "#version 450\nlayout(binding = 0) uniform atomic_uint c; out uvec4 o;\nvoid main() { o.x = atomicCounterDecrement(c); }\n";
    let l = lower_ok("a.frag", src, &[]);
    let i = l.intrinsics();
    assert_eq!(i[0].op, Intrinsic::AtomicCounterOp);
    assert_eq!(i[0].index(IndexKind::Atomic), Some(AtomicOp::Dec.index()));
    let src = "#version 450\nlayout(binding = 0) uniform atomic_uint c; out uvec4 o;\nvoid main() { o.x = atomicCounter(c); }\n";
    let l = lower_ok("a.frag", src, &[]);
    assert_eq!(l.intrinsics()[0].op, Intrinsic::AtomicCounterRead);
    let src = "#version 460\nlayout(binding = 0) uniform atomic_uint c; uniform uint d; out uvec4 o;\nvoid main() { o.x = atomicCounterSubtract(c, d); }\n";
    let l = lower_ok("a.frag", src, &[("d", V::U(vec![3]))]);
    let i = l.intrinsics();
    assert_eq!(i[0].index(IndexKind::Atomic), Some(AtomicOp::Iadd.index()));
    assert_eq!(l.eval_partial()[&i[0].srcs[1]], vec![(-3i32) as u32 as u64]);
    let _ = &l.arg_vars;
}

#[test]
fn barriers_emission_interpolation_derivatives() {
    let src = "#version 460\nlayout(local_size_x = 1) in;\nvoid main() { barrier(); }\n";
    let l = lower_ok("a.comp", src, &[]);
    let i = l.intrinsics();
    assert_eq!(i[0].op, Intrinsic::Barrier);
    assert_eq!(
        i[0].index(IndexKind::Memory),
        Some(fresnel::lower::builtins::mem_mask(&[VarMode::Shared]))
    );
    let src =
        "#version 460\nlayout(local_size_x = 1) in;\nvoid main() { memoryBarrierBuffer(); }\n";
    let l = lower_ok("a.comp", src, &[]);
    assert_eq!(l.intrinsics()[0].op, Intrinsic::MemoryBarrier);

    let src = "#version 460\nlayout(points) in; layout(points, max_vertices = 1) out;\nvoid main() { EmitStreamVertex(1); }\n";
    let l = lower_ok("a.geom", src, &[]);
    let i = l.intrinsics();
    assert_eq!(i[0].op, Intrinsic::EmitVertex);
    assert_eq!(i[0].index(IndexKind::Stream), Some(1));

    let src = "#version 460\nin vec3 v; uniform vec2 off; out vec4 o;\nvoid main() { o.xyz = interpolateAtOffset(v, off); }\n";
    let l = lower_ok("a.frag", src, &[("off", V::F(vec![0.1, 0.2]))]);
    let i = l.intrinsics();
    assert_eq!(i[0].op, Intrinsic::InterpDerefAtOffset);
    assert_eq!(i[0].srcs[0], l.out_derefs[&0]);
    assert_eq!(l.func().values[i[0].dest.unwrap()].num_components, 3);

    let src = frag("uniform vec2 p; out vec4 o;", "o.xy = fwidthFine(p);");
    let l = lower_ok("a.frag", &src, &[("p", V::F(vec![1.0, 2.0]))]);
    let ops = l.alu_ops();
    assert!(
        ops.contains(&AluOp::FddxFine) && ops.contains(&AluOp::FddyFine),
        "{ops:?}"
    );
    assert!(AluOp::FddxFine.info().cross_invocation);

    let src = "#version 120\nuniform vec2 p;\nvoid main() { gl_FragColor = vec4(noise1(p)); }\n";
    let l = lower_ok("a.frag", src, &[("p", V::F(vec![1.0, 2.0]))]);
    assert_eq!(l.eval_result(), vec![0]);
}

#[test]
fn subgroup_ballot_arithmetic() {
    let ext = "#version 460\n#extension GL_KHR_shader_subgroup_ballot : require\n";
    let b = V::U(vec![0b1011_0000, 0, 0x8000_0001, 0]);
    let src = format!(
        "{ext}uniform uvec4 b; out uvec4 o;\nvoid main() {{ o.x = subgroupBallotBitCount(b); }}\n"
    );
    let l = lower_ok("a.frag", &src, &[("b", b.clone())]);
    assert_eq!(l.eval_result(), vec![5]);
    let src = format!(
        "{ext}uniform uvec4 b; out uvec4 o;\nvoid main() {{ o.x = subgroupBallotFindLSB(b); }}\n"
    );
    let l = lower_ok("a.frag", &src, &[("b", b.clone())]);
    assert_eq!(l.eval_result(), vec![4]);
    let src = format!(
        "{ext}uniform uvec4 b; out uvec4 o;\nvoid main() {{ o.x = subgroupBallotFindMSB(b); }}\n"
    );
    let l = lower_ok("a.frag", &src, &[("b", b.clone())]);
    assert_eq!(l.eval_result(), vec![95]);
    let src = format!("{ext}uniform uvec4 b; uniform uint i; out uvec4 o;\nvoid main() {{ o.x = uint(subgroupBallotBitExtract(b, i)); }}\n");
    for (i, want) in [(4u32, 1u64), (6, 0), (64, 1), (95, 1), (96, 0)] {
        let l = lower_ok("a.frag", &src, &[("b", b.clone()), ("i", V::U(vec![i]))]);
        assert_eq!(l.eval_result(), vec![want], "bit {i}");
    }
    let src = format!("{ext}uniform uvec4 b; out uvec4 o;\nvoid main() {{ o.x = subgroupBallotInclusiveBitCount(b); }}\n");
    for (id, want) in [(0u32, 0u64), (4, 1), (7, 3), (64, 4), (127, 5)] {
        let l = lower_ok(
            "a.frag",
            &src,
            &[
                ("b", b.clone()),
                ("gl_SubgroupInvocationID", V::U(vec![id])),
            ],
        );
        assert_eq!(l.eval_partial()[&l.value()], vec![want], "invocation {id}");
    }
    let src = format!("{ext}uniform uvec4 b; out uvec4 o;\nvoid main() {{ o.x = subgroupBallotExclusiveBitCount(b); }}\n");
    let l = lower_call("a.frag", &src, &[("b", b)]);
    assert!(
        l.is_err(),
        "needs gl_SubgroupInvocationID, which the lookup does not find"
    );

    let src = "#version 460\n#extension GL_KHR_shader_subgroup_arithmetic : require\nuniform ivec2 v; out ivec4 o;\nvoid main() { o.xy = subgroupExclusiveMin(v); }\n";
    let l = lower_ok("a.frag", src, &[("v", V::I(vec![1, 2]))]);
    let i = l.intrinsics();
    assert_eq!(i[0].op, Intrinsic::ExclusiveScan);
    assert_eq!(
        i[0].index(IndexKind::ReductionOp),
        Some(ReductionOp::Imin.index())
    );
    assert_eq!(i[0].num_components, 2);

    // Products and clustered reductions are single intrinsics too.
    let src = "#version 460\n#extension GL_KHR_shader_subgroup_arithmetic : require\nuniform ivec2 v; out ivec4 o;\nvoid main() { o.xy = subgroupMul(v); }\n";
    let l = lower_ok("a.frag", src, &[("v", V::I(vec![1, 2]))]);
    let i = l.intrinsics();
    assert_eq!(i.len(), 1);
    assert_eq!(i[0].op, Intrinsic::Reduce);
    assert_eq!(
        i[0].index(IndexKind::ReductionOp),
        Some(ReductionOp::Imul.index())
    );
    assert_eq!(i[0].index(IndexKind::ClusterSize), None);
    let src = "#version 460\n#extension GL_KHR_shader_subgroup_arithmetic : require\nuniform vec3 v; out vec4 o;\nvoid main() { o.xyz = subgroupExclusiveMul(v); }\n";
    let l = lower_ok("a.frag", src, &[("v", V::F(vec![1.0, 2.0, 3.0]))]);
    let i = l.intrinsics();
    assert_eq!(i[0].op, Intrinsic::ExclusiveScan);
    assert_eq!(
        i[0].index(IndexKind::ReductionOp),
        Some(ReductionOp::Fmul.index())
    );
    assert_eq!(i[0].num_components, 3);
    let src = "#version 460\n#extension GL_KHR_shader_subgroup_clustered : require\nuniform uint v; out uvec4 o;\nvoid main() { o.x = subgroupClusteredXor(v, 8u); }\n";
    let l = lower_ok("a.frag", src, &[("v", V::U(vec![5]))]);
    let i = l.intrinsics();
    assert_eq!(i[0].op, Intrinsic::Reduce);
    assert_eq!(
        i[0].index(IndexKind::ReductionOp),
        Some(ReductionOp::Ixor.index())
    );
    assert_eq!(i[0].index(IndexKind::ClusterSize), Some(8));
    // GL_NV_shader_subgroup_partitioned: `partition` and the partitioned reductions, the
    // ballot as their second source.
    let src = "#version 460\n#extension GL_NV_shader_subgroup_partitioned : require\nuniform vec2 v; out uvec4 o;\nvoid main() { o = subgroupPartitionNV(v); }\n";
    let l = lower_ok("a.frag", src, &[("v", V::F(vec![1.0, 2.0]))]);
    let i = l.intrinsics();
    assert_eq!(i[0].op, Intrinsic::Partition);
    assert_eq!(i[0].num_components, 2);
    let src = "#version 460\n#extension GL_NV_shader_subgroup_partitioned : require\nuniform int v; uniform uvec4 b; out ivec4 o;\nvoid main() { o.x = subgroupPartitionedExclusiveMulNV(v, b); }\n";
    let l = lower_ok(
        "a.frag",
        src,
        &[("v", V::I(vec![3])), ("b", V::U(vec![1, 0, 0, 0]))],
    );
    let i = l.intrinsics();
    assert_eq!(i[0].op, Intrinsic::PartitionedExclusiveScan);
    assert_eq!(i[0].srcs.len(), 2);
    assert_eq!(
        i[0].index(IndexKind::ReductionOp),
        Some(ReductionOp::Imul.index())
    );
}

#[test]
fn unsupported_functions_are_errors_not_panics() {
    let src = "#version 460\n#extension GL_AMD_gcn_shader : require\n#extension GL_ARB_gpu_shader_int64 : require\nout uvec4 o;\nvoid main() { o.x = uint(timeAMD()); }\n";
    let e = lower_call("a.frag", src, &[]).err().expect("an error");
    assert!(e.contains("timeAMD"), "{e}");
}

// ---------------------------------------------------------------------------------------
// End to end (through the whole lowering)

fn lower_shader(file: &str, src: &str) -> Shader {
    let run = fresnel::lower_to_ir(
        SourceInput::new(file, src),
        &Options::default(),
        &mut NoIncludes,
    );
    assert!(
        !run.has_errors(),
        "{}\n{src}",
        run.render_diagnostics(fresnel::ErrorFormat::Human, false)
    );
    run.ir.expect("an IR shader")
}

fn all_kinds(s: &Shader) -> Vec<InstrKind> {
    s.functions
        .iter()
        .flat_map(|(_, f)| {
            f.instrs_in_order()
                .into_iter()
                .map(|i| f.instrs[i].kind.clone())
                .collect::<Vec<_>>()
        })
        .collect()
}

/// File, source, and the ALU ops, intrinsics and texture ops that must appear.
type EndToEnd = (
    &'static str,
    &'static str,
    &'static [AluOp],
    &'static [Intrinsic],
    &'static [TexOp],
);

#[test]
fn end_to_end_families() {
    let cases: &[EndToEnd] = &[
        (
            "a.frag",
            "#version 320 es\nprecision highp float;\nuniform sampler2D s; in vec2 uv; out vec4 o;\nvoid main() { vec4 t = texture(s, uv) + textureLod(s, uv, 1.0); o = vec4(smoothstep(0.0, 1.0, t.x), fwidth(uv), length(t)); }\n",
            &[AluOp::Fsat, AluOp::Fddx, AluOp::Fddy, AluOp::Fsqrt],
            &[],
            &[TexOp::Tex, TexOp::Txl],
        ),
        (
            "a.comp",
            "#version 310 es\nlayout(local_size_x = 4) in;\nlayout(std430, binding = 0) buffer B { uint n; int v[]; } b;\nshared uint counter;\nvoid main() { atomicAdd(b.n, 1u); uint old = atomicExchange(counter, 2u); barrier(); b.v[gl_LocalInvocationID.x] = findMSB(int(old)); }\n",
            &[AluOp::IfindMsb],
            &[Intrinsic::DerefAtomic, Intrinsic::Barrier],
            &[],
        ),
        (
            "a.vert",
            "#version 300 es\nin vec4 p; uniform mat4 m;\nvoid main() { mat4 i = inverse(m); gl_Position = i * p + vec4(determinant(transpose(m))); }\n",
            &[AluOp::Finverse4Col0, AluOp::Finverse4Col3, AluOp::Fdet4],
            &[],
            &[],
        ),
    ];
    for (file, src, ops, intrinsics, texops) in cases {
        let s = lower_shader(file, src);
        if let Err(errs) = fresnel::ir::validate::validate(&s) {
            panic!("invalid IR for\n{src}\n{errs:?}");
        }
        let kinds = all_kinds(&s);
        for op in *ops {
            assert!(
                kinds
                    .iter()
                    .any(|k| matches!(k, InstrKind::Alu(a) if a.op == *op)),
                "{op:?} missing in\n{src}"
            );
        }
        for i in *intrinsics {
            assert!(
                kinds
                    .iter()
                    .any(|k| matches!(k, InstrKind::Intrinsic(x) if x.op == *i)),
                "{i:?} missing in\n{src}"
            );
        }
        for t in *texops {
            assert!(
                kinds
                    .iter()
                    .any(|k| matches!(k, InstrKind::Tex(x) if x.op == *t)),
                "{t:?} missing in\n{src}"
            );
        }
    }
}

#[test]
fn end_to_end_ftransform() {
    let src = "#version 120\nvoid main() { gl_Position = ftransform(); }\n";
    let s = lower_shader("a.vert", src);
    let kinds = all_kinds(&s);
    let muls = kinds
        .iter()
        .filter(|k| matches!(k, InstrKind::Alu(a) if a.op == AluOp::Fmul))
        .count();
    assert!(muls >= 4, "four column products");
    assert!(s
        .vars
        .iter()
        .any(|(_, v)| v.name == "gl_ModelViewProjectionMatrix"));
}

// ---------------------------------------------------------------------------------------
// Coverage: every signature of the built-in table

/// Prefixes of the built-in families the lowering does not handle (reported as errors).
const UNSUPPORTED_PREFIXES: &[&str] = &[
    "rayQuery",
    "hitObject",
    "traceRay",
    "traceNV",
    "reportIntersection",
    "executeCallable",
    "ignoreIntersectionNV",
    "terminateRayNV",
    "reorderThread",
    "fetchMicroTriangle",
    "EmitMeshTasksEXT",
    "SetMeshOutputsEXT",
    "writePackedPrimitiveIndices4x8NV",
    "sparse",
    "clock",
    "timeAMD",
    "mbcntAMD",
    "swizzleInvocations",
    "writeInvocationAMD",
    "cubeFace",
    "interpolateAtVertexAMD",
    "imageLoadLodAMD",
    "imageStoreLodAMD",
    "textureGather4x1",
    "textureGatherD",
    "textureGatherH2",
    "textureGatherV2",
    "saturatedConvertEXT",
    "addInvocations",
    "minInvocations",
    "maxInvocations",
    "texture4",
];

/// Whether parameter `i` of a signature is passed through memory (a deref).
fn by_memory(sig: &fresnel::sema::builtins::Signature, i: usize) -> bool {
    use fresnel::sema::builtins::{BType, ParamQual};
    let p = &sig.params[i];
    p.qual != ParamQual::In
        || fresnel::lower::builtins::wants_real_deref(sig.name, i)
        || p.array > 0
        || !matches!(
            p.ty,
            BType::Scalar(_) | BType::Vector(..) | BType::Matrix(..)
        )
}

/// The variable mode a memory argument of a signature lives in.
fn memory_mode(sig: &fresnel::sema::builtins::Signature, i: usize) -> VarMode {
    use fresnel::sema::builtins::{BType, ParamQual};
    let p = &sig.params[i];
    if sig.name.starts_with("interpolateAt") {
        VarMode::ShaderIn
    } else if fresnel::lower::builtins::wants_real_deref(sig.name, i) {
        VarMode::Shared
    } else if p.qual != ParamQual::In {
        // A temporary; `Global` as the harness's variables belong to no function.
        VarMode::Global
    } else if matches!(
        p.ty,
        BType::Scalar(_) | BType::Vector(..) | BType::Matrix(..)
    ) {
        VarMode::Global
    } else {
        VarMode::Uniform
    }
}

fn synth_args(
    b: &mut Builder<'_>,
    sig: &fresnel::sema::builtins::Signature,
    tys: &[HTypeId],
    vars: &HashMap<usize, (VarId, TypeId, VarMode)>,
) -> Vec<Arg> {
    use fresnel::sema::builtins::BType;
    let mut args = Vec::new();
    for (i, (p, ty)) in sig.params.iter().zip(tys).enumerate() {
        let op = if let Some((var, irty, mode)) = vars.get(&i) {
            Operand::Deref(b.deref_var(*var, *irty, *mode))
        } else {
            match p.ty {
                BType::Matrix(s, c, r) => Operand::Matrix(
                    (0..c)
                        .map(|_| {
                            let bits = s.bits() as u8;
                            b.constant(bits, &vec![1; usize::from(r)])
                        })
                        .collect(),
                ),
                BType::Scalar(s) | BType::Vector(s, _) => {
                    let n = match p.ty {
                        BType::Vector(_, n) => n,
                        _ => 1,
                    };
                    let bits = if s == Scalar::Bool { 1 } else { s.bits() as u8 };
                    let one = if s.is_float() {
                        match bits {
                            64 => 1f64.to_bits(),
                            16 => 0x3c00,
                            _ => u64::from(1f32.to_bits()),
                        }
                    } else {
                        1
                    };
                    Operand::Value(b.constant(bits, &vec![one; usize::from(n)]))
                }
                _ => unreachable!(),
            }
        };
        args.push(Arg { op, ty: *ty });
    }
    args
}

#[test]
fn every_signature_lowers_or_is_a_known_gap() {
    use fresnel::sema::builtins::{BType, SIGNATURES};
    let run = fresnel::check(
        SourceInput::new("a.frag", "#version 460\nvoid main() {}\n"),
        &Options::default(),
        &mut NoIncludes,
    );
    let mut m = run.hir.clone().expect("a module");
    let mut failures: Vec<String> = Vec::new();
    let mut invalid: Vec<String> = Vec::new();
    let mut lowered = 0usize;
    let mut skipped = 0usize;
    for sig in SIGNATURES.iter() {
        // Types the table uses but the IR does not model (extension value types).
        let exotic = |t: &BType| match t {
            BType::Scalar(s) | BType::Vector(s, _) | BType::Matrix(s, _, _) => {
                matches!(s, Scalar::BF16 | Scalar::FE4M3 | Scalar::FE5M2)
            }
            BType::AccelerationStructure
            | BType::RayQuery
            | BType::HitObjectNV
            | BType::HitObjectEXT
            | BType::SamplerState { .. } => true,
            _ => false,
        };
        if sig.params.iter().any(|p| exotic(&p.ty)) || exotic(&sig.ret) {
            skipped += 1;
            continue;
        }
        let tys: Vec<HTypeId> = sig
            .params
            .iter()
            .map(|p| {
                let t = m.types.from_btype(p.ty);
                if p.array > 0 {
                    m.types.array(t, ArraySize::Fixed(u32::from(p.array)))
                } else {
                    t
                }
            })
            .collect();
        let ret = m.types.from_btype(sig.ret);
        let mut shader = Shader::new(Stage::Fragment);
        let globals: Vec<(&str, TypeId)> = vec![
            ("gl_Vertex", shader.types.vector(BaseType::Float, 32, 4)),
            (
                "gl_ModelViewProjectionMatrix",
                shader.types.intern(Type::Matrix {
                    bits: 32,
                    columns: 4,
                    rows: 4,
                }),
            ),
            (
                "gl_SubgroupInvocationID",
                shader.types.scalar(BaseType::Uint, 32),
            ),
            ("gl_SubgroupSize", shader.types.scalar(BaseType::Uint, 32)),
        ];
        let gvars: Vec<(&str, VarId, TypeId)> = globals
            .iter()
            .map(|(n, t)| {
                let v = shader.add_var(Variable::new(*n, *t, VarMode::ShaderIn));
                (*n, v, *t)
            })
            .collect();
        let mut mem_vars = HashMap::new();
        for (i, ty) in tys.iter().enumerate() {
            if by_memory(sig, i) {
                let irty = ir_type(&m, &mut shader.types, *ty);
                let mode = memory_mode(sig, i);
                let var = shader.add_var(Variable::new(format!("arg{i}"), irty, mode));
                mem_vars.insert(i, (var, irty, mode));
            }
        }
        let mut func = Function::new("main");
        let result = {
            let mut b = Builder::new(&mut func, &mut shader.types);
            let args = synth_args(&mut b, sig, &tys, &mem_vars);
            let lookup = |n: &str| {
                gvars
                    .iter()
                    .find(|(k, ..)| *k == n)
                    .map(|(_, v, t)| (*v, *t, VarMode::ShaderIn))
            };
            let span = fresnel::syntax::source::Span::new(run.main_file, 0, 0);
            let mut cx = BuiltinCx {
                b: &mut b,
                hir: &m,
                stage: Stage::Fragment,
                lookup_var: &lookup,
                span,
            };
            let f = fresnel::sema::hir::BuiltinRef {
                name: sig.name,
                sig: 0,
            };
            let r = lower_builtin(&mut cx, f, &args, ret);
            b.finish();
            r
        };
        match result {
            Ok(r) => {
                lowered += 1;
                // The result has the call's shape.
                if let Some(Operand::Value(v)) = &r {
                    let want = match m.types.get(ret) {
                        HType::Scalar(_) => Some(1),
                        HType::Vector(_, n) => Some(*n),
                        _ => None,
                    };
                    if want.is_some_and(|n| n != func.values[*v].num_components) {
                        let ps: Vec<String> = sig.params.iter().map(|p| p.ty.name()).collect();
                        failures.push(format!(
                            "{}({}): result has {} components",
                            sig.name,
                            ps.join(", "),
                            func.values[*v].num_components
                        ));
                    }
                }
                let fid = shader.functions.push(func);
                shader.entry = Some(fid);
                if let Err(errs) = fresnel::ir::validate::validate(&shader) {
                    invalid.push(format!(
                        "{} {:?}: {:?}",
                        sig.name,
                        sig.params.len(),
                        errs.first()
                    ));
                }
            }
            Err(e) => {
                let known_gap = UNSUPPORTED_PREFIXES.iter().any(|p| sig.name.starts_with(p))
                    || e.message.contains("GL_NV_shader_atomic_fp16_vector");
                if !known_gap {
                    let ps: Vec<String> = sig.params.iter().map(|p| p.ty.name()).collect();
                    failures.push(format!("{}({}): {}", sig.name, ps.join(", "), e.message));
                }
            }
        }
    }
    failures.sort();
    failures.dedup();
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    invalid.sort();
    invalid.dedup();
    eprintln!(
        "lowered {lowered} signatures, skipped {skipped}; {} invalid",
        invalid.len()
    );
    assert!(
        invalid.is_empty(),
        "{} invalid:\n{}",
        invalid.len(),
        invalid.join("\n")
    );
}

#[test]
fn end_to_end_wider_shaders() {
    let shaders: &[(&str, &str)] = &[
        (
            "a.frag",
            "#version 110\nuniform sampler2D s; uniform samplerCube c; uniform sampler2DShadow sh; varying vec4 v;\nvoid main() { gl_FragColor = texture2D(s, v.xy) + texture2DProj(s, v) + textureCube(c, v.xyz) + shadow2D(sh, v.xyz) + texture2D(s, v.xy, 0.5); }\n",
        ),
        (
            "a.vert",
            "#version 100\nattribute vec4 p; uniform sampler2D s; varying vec4 c;\nvoid main() { c = texture2DLod(s, p.xy, 0.0) + texture2D(s, p.zw); gl_Position = p; }\n",
        ),
        (
            "a.frag",
            "#version 450\nuniform sampler2DArray a; uniform isampler3D b; uniform usampler2DMS ms; uniform samplerCubeArrayShadow cs; uniform sampler2D a2; in vec4 v; flat in ivec3 iv; out vec4 o;\nvoid main() { o = texture(a, v.xyz) + vec4(texelFetch(b, iv, 0)) + vec4(texelFetch(ms, iv.xy, 2)) + vec4(texture(cs, v, 0.5)) + textureGather(a, v.xyz, 1) + vec4(textureSize(a, 0), textureQueryLevels(a)) + textureGradOffset(a, v.xyz, v.xy, v.zw, ivec2(1)) + textureProjLodOffset(a2, v, 1.0, ivec2(-1)); }\n",
        ),
        (
            "a.comp",
            "#version 450\nlayout(local_size_x = 8) in;\nlayout(r32ui, binding = 0) uniform uimage2D img; layout(binding = 0) uniform atomic_uint cnt;\nlayout(std430, binding = 2) buffer B { int x[]; };\nshared int sh[8];\nvoid main() { uint i = gl_LocalInvocationIndex; sh[i] = int(i); memoryBarrierShared(); barrier(); atomicAdd(sh[0], 1); atomicMin(x[i], sh[7 - i]); uint old = imageAtomicOr(img, ivec2(i), 1u); imageStore(img, ivec2(i, 0), uvec4(old + atomicCounterIncrement(cnt))); groupMemoryBarrier(); ivec2 sz = imageSize(img); x[0] = sz.x + bitCount(int(old)) + findLSB(sz.y); }\n",
        ),
        (
            "a.geom",
            "#version 400\nlayout(triangles) in; layout(triangle_strip, max_vertices = 3) out;\nvoid main() { for (int i = 0; i < 3; i++) { gl_Position = gl_in[i].gl_Position; EmitVertex(); } EndPrimitive(); }\n",
        ),
        (
            "a.frag",
            "#version 450\nin vec2 uv; out vec4 o;\nvoid main() { vec2 d = dFdx(uv) + dFdyCoarse(uv) + fwidth(uv); mat3 m = mat3(uv.x); o = vec4(d, determinant(inverse(m)), dot(refract(vec3(uv, 1.0), vec3(0.0, 0.0, 1.0), 0.5), faceforward(vec3(1.0), vec3(uv, 0.0), vec3(0.0, 1.0, 0.0)))); }\n",
        ),
        (
            "a.frag",
            "#version 420\nuniform uint u; out vec4 o;\nvoid main() { uint c; uint s = uaddCarry(u, u, c); uint hi, lo; umulExtended(u, s, hi, lo); vec4 x = unpackUnorm4x8(u) + unpackSnorm4x8(u); vec2 h = unpackHalf2x16(packHalf2x16(x.xy)); o = vec4(h, float(bitfieldExtract(hi, 1, 3)), float(bitfieldInsert(lo, c, 2, 2))) + x; }\n",
        ),
    ];
    for (file, src) in shaders {
        let s = lower_shader(file, src);
        if let Err(errs) = fresnel::ir::validate::validate(&s) {
            panic!("invalid IR for\n{src}\n{errs:?}");
        }
    }
}

#[test]
fn end_to_end_interpolation_and_atomic_load() {
    let s = lower_shader(
        "a.frag",
        "#version 450\nin vec4 v; in vec2 w; out vec4 o;\nvoid main() { o = interpolateAtCentroid(v) + interpolateAtSample(v, 1) + vec4(interpolateAtOffset(w, vec2(0.1)), 0.0, 0.0) + vec4(interpolateAtCentroid(v.y)); }\n",
    );
    let kinds = all_kinds(&s);
    for op in [
        Intrinsic::InterpDerefAtCentroid,
        Intrinsic::InterpDerefAtSample,
        Intrinsic::InterpDerefAtOffset,
    ] {
        assert!(
            kinds
                .iter()
                .any(|k| matches!(k, InstrKind::Intrinsic(x) if x.op == op)),
            "{op:?}"
        );
    }
    let s = lower_shader(
        "a.comp",
        "#version 450\n#extension GL_KHR_memory_scope_semantics : require\nlayout(local_size_x = 1) in;\nshared uint n;\nvoid main() { uint x = atomicLoad(n, gl_ScopeWorkgroup, gl_StorageSemanticsShared, gl_SemanticsAcquire); atomicStore(n, x + 1u, gl_ScopeWorkgroup, gl_StorageSemanticsShared, gl_SemanticsRelease); }\n",
    );
    let atomics: Vec<i64> = all_kinds(&s)
        .iter()
        .filter_map(|k| match k {
            InstrKind::Intrinsic(x) if x.op == Intrinsic::DerefAtomic => x.index(IndexKind::Atomic),
            _ => None,
        })
        .collect();
    assert_eq!(
        atomics,
        vec![AtomicOp::Load.index(), AtomicOp::Store.index()]
    );
}

#[test]
fn subgroup_shuffle_indices() {
    let cases: &[(&str, &str, u32, u32, u64)] = &[
        (
            "GL_KHR_shader_subgroup_quad",
            "subgroupQuadSwapDiagonal(v)",
            5,
            32,
            6,
        ),
        (
            "GL_KHR_shader_subgroup_quad",
            "subgroupQuadSwapHorizontal(v)",
            5,
            32,
            4,
        ),
        (
            "GL_KHR_shader_subgroup_quad",
            "subgroupQuadSwapVertical(v)",
            5,
            32,
            7,
        ),
        (
            "GL_KHR_shader_subgroup_quad",
            "subgroupQuadBroadcast(v, 2u)",
            5,
            32,
            6,
        ),
        (
            "GL_KHR_shader_subgroup_shuffle",
            "subgroupShuffleXor(v, 3u)",
            5,
            32,
            6,
        ),
        (
            "GL_KHR_shader_subgroup_shuffle_relative",
            "subgroupShuffleUp(v, 2u)",
            5,
            32,
            3,
        ),
        (
            "GL_KHR_shader_subgroup_shuffle_relative",
            "subgroupShuffleDown(v, 2u)",
            5,
            32,
            7,
        ),
        (
            "GL_KHR_shader_subgroup_rotate",
            "subgroupRotate(v, 3u)",
            30,
            32,
            1,
        ),
        (
            "GL_KHR_shader_subgroup_rotate",
            "subgroupClusteredRotate(v, 1u, 4u)",
            7,
            32,
            4,
        ),
    ];
    for (ext, call, id, size, want) in cases {
        let src = format!(
            "#version 460\n#extension {ext} : require\nuniform float v; out vec4 o;\nvoid main() {{ o.x = {call}; }}\n"
        );
        let l = lower_ok(
            "a.frag",
            &src,
            &[
                ("v", V::F(vec![1.0])),
                ("gl_SubgroupInvocationID", V::U(vec![*id])),
                ("gl_SubgroupSize", V::U(vec![*size])),
            ],
        );
        let sh = l
            .intrinsics()
            .into_iter()
            .find(|i| i.op == Intrinsic::Shuffle)
            .unwrap_or_else(|| panic!("{call}: no shuffle"));
        assert_eq!(l.eval_partial()[&sh.srcs[1]], vec![*want], "{call}");
    }
}

#[test]
fn compute_sampling_without_derivatives_is_lod_zero() {
    let src = "#version 450\nlayout(local_size_x = 1) in;\nuniform sampler2D s; uniform vec2 p; layout(std430, binding = 0) buffer B { vec4 r; };\nvoid main() { r = texture(s, p); }\n";
    let (_, t) = one_tex("a.comp", src, &[("p", V::F(vec![0.5, 0.5]))]);
    assert_eq!(t.op, TexOp::Txl);
    let src = "#version 450\n#extension GL_NV_compute_shader_derivatives : require\nlayout(local_size_x = 2, local_size_y = 2) in;\nlayout(derivative_group_quadsNV) in;\nuniform sampler2D s; uniform vec2 p; layout(std430, binding = 0) buffer B { vec4 r; };\nvoid main() { r = texture(s, p); }\n";
    let (_, t) = one_tex("a.comp", src, &[("p", V::F(vec![0.5, 0.5]))]);
    assert_eq!(t.op, TexOp::Tex);
}

#[test]
fn end_to_end_es31_gather_offsets_and_images() {
    let s = lower_shader(
        "a.frag",
        "#version 310 es\n#extension GL_EXT_gpu_shader5 : require\nprecision highp float;\nuniform highp sampler2D s; uniform highp sampler2DShadow sh; in vec2 uv; out vec4 o;\nconst ivec2 offs[4] = ivec2[4](ivec2(0, 0), ivec2(1, 0), ivec2(0, 1), ivec2(1, 1));\nvoid main() { o = textureGatherOffsets(s, uv, offs, 1) + textureGatherOffsets(sh, uv, 0.5, offs); }\n",
    );
    if let Err(errs) = fresnel::ir::validate::validate(&s) {
        panic!("{errs:?}");
    }
    let gathers: Vec<Tex> = all_kinds(&s)
        .into_iter()
        .filter_map(|k| match k {
            InstrKind::Tex(t) if t.op == TexOp::Tg4 => Some(t),
            _ => None,
        })
        .collect();
    // One gather each, with the four offsets as `OffsetsX` / `OffsetsY` (issue 6).
    assert_eq!(gathers.len(), 2);
    assert!(gathers
        .iter()
        .all(|t| t.src(TexSrc::OffsetsX).is_some() && t.src(TexSrc::OffsetsY).is_some()));
    assert_eq!(gathers.iter().filter(|t| t.component == 1).count(), 1);
    assert_eq!(gathers.iter().filter(|t| t.is_shadow).count(), 1);
}

#[test]
fn quad_votes_read_the_four_invocations_and_gather_lod() {
    let src = "#version 460\n#extension GL_EXT_shader_quad_control : require\n#extension GL_KHR_shader_subgroup_vote : require\nuniform bool v; out vec4 o;\nvoid main() { o.x = float(subgroupQuadAll(v)); }\n";
    let l = lower_call(
        "a.frag",
        src,
        &[
            ("v", V::B(vec![true])),
            ("gl_SubgroupInvocationID", V::U(vec![5])),
        ],
    );
    let l = l.unwrap_or_else(|e| panic!("{e}"));
    let ev = l.eval_partial();
    let ids: Vec<u64> = l
        .intrinsics()
        .iter()
        .filter(|i| i.op == Intrinsic::Shuffle)
        .map(|i| ev[&i.srcs[1]][0])
        .collect();
    assert_eq!(ids, vec![4, 5, 6, 7]);
    assert_eq!(
        l.alu_ops().iter().filter(|o| **o == AluOp::Iand).count(),
        4,
        "the base of the quad and three conjunctions"
    );

    let src = "#version 460\n#extension GL_AMD_texture_gather_bias_lod : require\nuniform sampler2D s; uniform vec2 p; uniform float l; out vec4 o;\nvoid main() { o = textureGatherLodOffsetAMD(s, p, l, ivec2(1, 0), 3); }\n";
    let (_, t) = one_tex(
        "a.frag",
        src,
        &[("p", V::F(vec![0.5, 0.5])), ("l", V::F(vec![2.0]))],
    );
    assert_eq!(t.op, TexOp::Tg4);
    assert_eq!(t.component, 3);
    assert_eq!(
        srcs_of(&t),
        vec![
            TexSrc::TextureDeref,
            TexSrc::Coord,
            TexSrc::Lod,
            TexSrc::Offset
        ]
    );
}
