//! Shaders built with the builder, shared by the integration tests.

#![allow(dead_code)]

use fresnel_ir::*;

/// A fragment shader using most instruction kinds: uniforms, a block with explicit
/// layout, a sampler, locals, an if/else, a loop with break and continue, a call with
/// in/out parameters, texture sampling and intrinsics.
pub fn sample_shader() -> Shader {
    let mut s = Shader::new(Stage::Fragment);
    s.info.origin_upper_left = true;
    let f32t = s.types.float();
    let v4 = s.types.vector(BaseType::Float, 32, 4);
    let v2 = s.types.vector(BaseType::Float, 32, 2);
    let i32t = s.types.scalar(BaseType::Int, 32);
    let m4 = s.types.intern(Type::Matrix {
        bits: 32,
        columns: 4,
        rows: 4,
    });
    let arr = s.types.intern(Type::Array {
        elem: v4,
        len: 4,
        stride: 16,
    });
    let blk = s.types.intern(Type::Struct {
        name: "Params".into(),
        fields: vec![
            Field {
                name: "mvp".into(),
                ty: m4,
                offset: Some(0),
                row_major: false,
                matrix_stride: Some(16),
            },
            Field {
                name: "colors".into(),
                ty: arr,
                offset: Some(64),
                row_major: false,
                matrix_stride: None,
            },
        ],
        block: true,
    });
    let samp = s.types.intern(Type::Sampler {
        dim: SamplerDim::D2,
        array: false,
        shadow: false,
        result: Some(BaseType::Float),
    });
    let mut out = Variable::new("color", v4, VarMode::ShaderOut);
    out.location = Some(0);
    let out = s.add_var(out);
    let mut uv = Variable::new("uv", v2, VarMode::ShaderIn);
    uv.location = Some(1);
    uv.interp = Interp::NoPerspective;
    let uv = s.add_var(uv);
    let mut ubo = Variable::new("Params", blk, VarMode::Ubo);
    ubo.binding = Some(2);
    ubo.set = Some(0);
    let ubo = s.add_var(ubo);
    let mut tex = Variable::new("tex", samp, VarMode::Uniform);
    tex.binding = Some(0);
    let tex = s.add_var(tex);
    let mut k = Variable::new("k weird name", f32t, VarMode::Uniform);
    k.init = Some(Constant::Vector(vec![0x3f80_0000]));
    let k = s.add_var(k);

    // helper(in float a, out float b) -> float
    let helper = s.functions.push(Function::new("helper"));
    let pa = s.add_local(helper, "a", f32t);
    let pb = s.add_local(helper, "b", f32t);
    let pr = s.add_local(helper, "ret", f32t);
    {
        let f = &mut s.functions[helper];
        f.params = vec![
            Param {
                var: pa,
                dir: ParamDir::In,
            },
            Param {
                var: pb,
                dir: ParamDir::Out,
            },
        ];
        f.ret = Some(pr);
    }
    {
        let Shader {
            functions, types, ..
        } = &mut s;
        let mut b = Builder::new(&mut functions[helper], types);
        let da = b.deref_var(pa, f32t, VarMode::Function);
        let a = b.load_deref(da);
        let two = b.imm_f32(2.0);
        let m = b.alu(AluOp::Fmul, &[a, two]);
        let db = b.deref_var(pb, f32t, VarMode::Function);
        b.store_deref(db, m, 1);
        let dr = b.deref_var(pr, f32t, VarMode::Function);
        b.store_deref(dr, a, 1);
        b.jump(JumpKind::Return);
        b.finish();
    }

    let main = s.functions.push(Function::new("main"));
    s.entry = Some(main);
    let acc = s.add_local(main, "acc", v4);
    let i = s.add_local(main, "i", i32t);
    {
        let Shader {
            functions, types, ..
        } = &mut s;
        let mut b = Builder::new(&mut functions[main], types);
        let duv = b.deref_var(uv, v2, VarMode::ShaderIn);
        let uvv = b.load_deref(duv);
        let dt = b.deref_var(tex, samp, VarMode::Uniform);
        let t = b.tex(
            TexOp::Tex,
            SamplerDim::D2,
            false,
            false,
            BaseType::Float,
            4,
            &[(TexSrc::TextureDeref, dt), (TexSrc::Coord, uvv)],
            0,
        );
        let dacc = b.deref_var(acc, v4, VarMode::Function);
        b.store_deref(dacc, t, 0xf);
        let di = b.deref_var(i, i32t, VarMode::Function);
        let zero = b.imm_i32(0);
        b.store_deref(di, zero, 1);
        let x = b.channel(uvv, 0);
        let half = b.imm_f32(0.5);
        let c = b.alu(AluOp::Flt, &[x, half]);
        let iff = b.push_if(c);
        {
            let dk = b.deref_var(k, f32t, VarMode::Uniform);
            let kv = b.load_deref(dk);
            let r = b.call(helper, &[kv], &[(32, 1), (32, 1)]);
            let v = b.vec(&[r[0], r[1], r[0], r[1]]);
            let dacc = b.deref_var(acc, v4, VarMode::Function);
            b.store_deref(dacc, v, 0x3);
        }
        b.push_else(iff);
        {
            b.intrinsic(Intrinsic::Terminate, &[], 0, 0, &[]);
        }
        b.pop_if(iff);
        let lp = b.push_loop();
        {
            let di = b.deref_var(i, i32t, VarMode::Function);
            let iv = b.load_deref(di);
            let four = b.imm_i32(4);
            let done = b.alu(AluOp::Ige, &[iv, four]);
            let brk = b.push_if(done);
            b.jump(JumpKind::Break);
            b.pop_if(brk);
            let dubo = b.deref_var(ubo, blk, VarMode::Ubo);
            let dcol = b.deref_struct(dubo, 1);
            let de = b.deref_array(dcol, iv);
            let col = b.load_deref(de);
            let dacc = b.deref_var(acc, v4, VarMode::Function);
            let a = b.load_deref(dacc);
            let sum = b.alu_srcs(
                AluOp::Fadd,
                &[AluSrc::new(a), AluSrc::swizzled(col, [3, 2, 1, 0])],
            );
            b.store_deref(dacc, sum, 0xf);
            let one = b.imm_i32(1);
            let ni = b.alu(AluOp::Iadd, &[iv, one]);
            b.store_deref(di, ni, 1);
            let odd = b.alu(AluOp::Iand, &[ni, one]);
            let c2 = b.alu(AluOp::Ine, &[odd, zero]);
            let cont = b.push_if(c2);
            b.jump(JumpKind::Continue);
            b.pop_if(cont);
        }
        b.pop_loop(lp);
        let dacc = b.deref_var(acc, v4, VarMode::Function);
        let a = b.load_deref(dacc);
        let dout = b.deref_var(out, v4, VarMode::ShaderOut);
        b.store_deref(dout, a, 0xf);
        b.finish();
    }
    s
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum K {
    F,
    I,
    B,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Open {
    Then(Option<IfId>),
    Else(Option<IfId>),
    Loop(Option<LoopId>),
}

/// A random but valid shader: `ops` drives a builder through constants, ALU operations,
/// vectors and swizzles, comparisons, nested `if`s and loops with `break`/`continue`/
/// `return`, loads and stores (partial ones too) of two local variables, and stores to an
/// output. Values are only reused where their
/// definition dominates (the pool is cut back when a construct closes).
pub fn random_shader(ops: &[(u8, u8, u8)]) -> Shader {
    let mut s = Shader::new(Stage::Compute);
    let f32t = s.types.float();
    let main = s.functions.push(Function::new("main"));
    s.entry = Some(main);
    let v4 = s.types.vector(BaseType::Float, 32, 4);
    let out = s.add_var(Variable::new("out", f32t, VarMode::ShaderOut));
    let local = s.add_local(main, "x", f32t);
    let vlocal = s.add_local(main, "v", v4);
    // One iteration counter per loop depth: each loop runs at most three times.
    let i32t = s.types.scalar(BaseType::Int, 32);
    let counters: Vec<VarId> = (0..8)
        .map(|d| s.add_local(main, format!("n{d}"), i32t))
        .collect();
    let Shader {
        functions, types, ..
    } = &mut s;
    let mut b = Builder::new(&mut functions[main], types);
    // Non-zero initial values, so that reading a wrong (undefined, zero) value shows.
    {
        let one_half = b.imm_f32(1.5);
        let d = b.deref_var(local, f32t, VarMode::Function);
        b.store_deref(d, one_half, 1);
        let c = b.constant(32, &[0x3f80_0000, 0x4000_0000, 0x4040_0000, 0x4080_0000]);
        let d = b.deref_var(vlocal, v4, VarMode::Function);
        b.store_deref(d, c, 0xf);
    }
    let mut pool: Vec<(ValueId, K, u8)> = Vec::new();
    let mut open: Vec<(Open, usize)> = Vec::new();
    let pick = |pool: &[(ValueId, K, u8)], k: K, n: Option<u8>, sel: u8| -> Option<ValueId> {
        let c: Vec<_> = pool
            .iter()
            .filter(|(_, kk, nn)| *kk == k && n.is_none_or(|n| n == *nn))
            .collect();
        if c.is_empty() {
            None
        } else {
            Some(c[usize::from(sel) % c.len()].0)
        }
    };
    fn add(b: &Builder, pool: &mut Vec<(ValueId, K, u8)>, v: ValueId, k: K) {
        if !b.is_dead() {
            let n = b.num_components(v);
            pool.push((v, k, n));
        }
    }
    for &(op, a, c) in ops {
        match op % 13 {
            0 => {
                let v = b.imm_f32(f32::from(a) / 4.0);
                add(&b, &mut pool, v, K::F);
            }
            1 => {
                let v = b.imm_i32(i32::from(a) - 100);
                add(&b, &mut pool, v, K::I);
            }
            2 => {
                let n = 1 + c % 4;
                if let (Some(x), Some(y)) = (
                    pick(&pool, K::F, Some(n), a),
                    pick(&pool, K::F, Some(n), a.wrapping_add(c)),
                ) {
                    let ops = [
                        AluOp::Fadd,
                        AluOp::Fmul,
                        AluOp::Fsub,
                        AluOp::Fmin,
                        AluOp::Fmax,
                    ];
                    let v = b.alu(ops[usize::from(c) % ops.len()], &[x, y]);
                    add(&b, &mut pool, v, K::F);
                } else if let (Some(x), Some(y)) =
                    (pick(&pool, K::F, None, a), pick(&pool, K::F, Some(1), c))
                {
                    // vector op scalar (broadcast)
                    let v = b.alu_srcs(AluOp::Fmul, &[AluSrc::new(x), AluSrc::broadcast(y, 0)]);
                    add(&b, &mut pool, v, K::F);
                }
            }
            3 => {
                let n = 2 + usize::from(c % 3);
                let comps: Vec<ValueId> = (0..n)
                    .filter_map(|i| pick(&pool, K::F, Some(1), a.wrapping_add(i as u8 * 7)))
                    .collect();
                if comps.len() == n {
                    let v = b.vec(&comps);
                    add(&b, &mut pool, v, K::F);
                }
            }
            4 => {
                if let Some(x) = pick(&pool, K::F, None, a) {
                    let n = b.num_components(x);
                    let k = 1 + c % 4;
                    let comps: Vec<u8> = (0..k).map(|i| (a.wrapping_add(i * 3)) % n).collect();
                    let v = b.swizzle(x, &comps);
                    add(&b, &mut pool, v, K::F);
                }
            }
            5 => {
                if c % 2 == 0 {
                    if let (Some(x), Some(y)) =
                        (pick(&pool, K::F, Some(1), a), pick(&pool, K::F, Some(1), c))
                    {
                        let v = b.alu(AluOp::Flt, &[x, y]);
                        add(&b, &mut pool, v, K::B);
                    }
                } else if let (Some(x), Some(y)) =
                    (pick(&pool, K::I, Some(1), a), pick(&pool, K::I, Some(1), c))
                {
                    let ops = [AluOp::Iadd, AluOp::Imul, AluOp::Ilt];
                    let o = ops[usize::from(a) % 3];
                    let v = b.alu(o, &[x, y]);
                    add(&b, &mut pool, v, if o == AluOp::Ilt { K::B } else { K::I });
                }
            }
            6 => {
                let cond = match pick(&pool, K::B, Some(1), a) {
                    Some(v) => v,
                    None => {
                        let v = b.imm_bool(c % 2 == 0);
                        add(&b, &mut pool, v, K::B);
                        v
                    }
                };
                if !b.is_dead() && open.len() < 8 {
                    let i = b.push_if(cond);
                    open.push((Open::Then(i), pool.len()));
                }
            }
            7 => match open.last().copied() {
                Some((Open::Then(i), len)) => {
                    pool.truncate(len);
                    b.push_else(i);
                    open.pop();
                    open.push((Open::Else(i), len));
                }
                Some((Open::Else(i), len)) => {
                    pool.truncate(len);
                    b.pop_if(i);
                    open.pop();
                }
                _ => {}
            },
            8 => {
                if !b.is_dead() && open.len() < 8 {
                    let depth = open
                        .iter()
                        .filter(|(o, _)| matches!(o, Open::Loop(_)))
                        .count();
                    let counter = counters[depth];
                    let zero = b.imm_i32(0);
                    let d = b.deref_var(counter, i32t, VarMode::Function);
                    b.store_deref(d, zero, 1);
                    let l = b.push_loop();
                    // n += 1; if (n > 3) break;  (first in the body: `continue` cannot skip it)
                    let d = b.deref_var(counter, i32t, VarMode::Function);
                    let n = b.load_deref(d);
                    let one = b.imm_i32(1);
                    let n1 = b.alu(AluOp::Iadd, &[n, one]);
                    b.store_deref(d, n1, 1);
                    let three = b.imm_i32(3);
                    let done = b.alu(AluOp::Ilt, &[three, n1]);
                    let i = b.push_if(done);
                    b.jump(JumpKind::Break);
                    b.pop_if(i);
                    open.push((Open::Loop(l), pool.len()));
                }
            }
            9 => {
                if let Some((Open::Loop(l), len)) = open.last().copied() {
                    pool.truncate(len);
                    exit_loop(&mut b, c);
                    b.pop_loop(l);
                    open.pop();
                }
            }
            10 => {
                let in_loop = open.iter().any(|(o, _)| matches!(o, Open::Loop(_)));
                if in_loop && a % 4 != 3 {
                    b.jump(if c % 2 == 0 {
                        JumpKind::Break
                    } else {
                        JumpKind::Continue
                    });
                } else if a % 32 == 31 {
                    b.jump(JumpKind::Return);
                }
            }
            11 => {
                if c % 2 == 0 {
                    if let Some(x) = pick(&pool, K::F, Some(1), a) {
                        let d = b.deref_var(local, f32t, VarMode::Function);
                        b.store_deref(d, x, 1);
                    }
                } else if let Some(x) = pick(&pool, K::F, Some(4), a) {
                    // A partial store of a vector.
                    let d = b.deref_var(vlocal, v4, VarMode::Function);
                    b.store_deref(d, x, u32::from(a % 15) + 1);
                }
            }
            _ => {
                if c % 3 == 0 {
                    // Mostly the latest scalar (often a load just made), else any.
                    let latest = pool
                        .iter()
                        .rev()
                        .find(|(_, k, n)| *k == K::F && *n == 1)
                        .map(|e| e.0);
                    let x = if a % 4 != 0 {
                        latest
                    } else {
                        pick(&pool, K::F, Some(1), a)
                    };
                    if let Some(x) = x {
                        let d = b.deref_var(out, f32t, VarMode::ShaderOut);
                        b.store_deref(d, x, 1);
                    }
                } else {
                    // Load a local; mostly also write (a component of) it to the output.
                    let v = if c % 3 == 1 {
                        let d = b.deref_var(vlocal, v4, VarMode::Function);
                        b.load_deref(d)
                    } else {
                        let d = b.deref_var(local, f32t, VarMode::Function);
                        b.load_deref(d)
                    };
                    add(&b, &mut pool, v, K::F);
                    if a % 4 != 0 {
                        let x = b.channel(v, a % b.num_components(v));
                        let d = b.deref_var(out, f32t, VarMode::ShaderOut);
                        b.store_deref(d, x, 1);
                    }
                }
            }
        }
    }
    while let Some((o, _)) = open.pop() {
        match o {
            Open::Then(i) => {
                b.push_else(i);
                b.pop_if(i);
            }
            Open::Else(i) => b.pop_if(i),
            Open::Loop(l) => {
                exit_loop(&mut b, 0);
                b.pop_loop(l);
            }
        }
    }
    b.finish();
    s
}

/// `if (cond) break;` so that the code after the loop is reachable.
fn exit_loop(b: &mut Builder, c: u8) {
    if !b.is_dead() {
        let cond = b.imm_bool(c % 2 == 0);
        let i = b.push_if(cond);
        b.jump(JumpKind::Break);
        b.pop_if(i);
    }
}

/// Live-in sets by brute force, per block (indexed by block number) and value: from every
/// use, walk the CFG backwards until the definition (a phi source is used at the end of its
/// predecessor, an `if` condition at the end of the block before the `if`).
pub fn brute_live_in(f: &Function) -> Vec<Vec<bool>> {
    let nb = f.blocks.len();
    let nv = f.values.len();
    let mut live = vec![vec![false; nv]; nb];
    let order = f.blocks_in_order();
    // Uses: (value, block where it is live on entry, or live on exit when `at_end`).
    let mut uses: Vec<(ValueId, BlockId, bool)> = Vec::new();
    for &b in &order {
        for &i in &f.blocks[b].instrs {
            match &f.instrs[i].kind {
                InstrKind::Phi { srcs, .. } => {
                    uses.extend(srcs.iter().map(|(p, v)| (*v, *p, true)));
                }
                k => uses.extend(k.srcs().into_iter().map(|v| (v, b, false))),
            }
        }
    }
    let mut prev_of_if = Vec::new();
    f.walk(&mut |n| {
        if let CfNode::If(i) = n {
            prev_of_if.push(i);
        }
    });
    for i in prev_of_if {
        let parent = f.ifs[i].parent;
        let list = f.list(parent);
        let k = list.iter().position(|x| *x == CfNode::If(i)).unwrap();
        if let CfNode::Block(prev) = list[k - 1] {
            uses.push((f.ifs[i].cond, prev, true));
        }
    }
    for (v, b, at_end) in uses {
        let d = f.def(v).block;
        let mut work: Vec<BlockId> = Vec::new();
        if at_end {
            if b != d {
                work.push(b);
            }
        } else if b != d {
            work.push(b);
        }
        while let Some(b) = work.pop() {
            if live[b.0 as usize][v.0 as usize] {
                continue;
            }
            live[b.0 as usize][v.0 as usize] = true;
            for p in &f.blocks[b].preds {
                if *p != d {
                    work.push(*p);
                }
            }
        }
    }
    live
}
